import type { Db } from '../../db/db.js';
import type { ClaimStatus } from '@portal/contract/validation';
import type { Mail, Mailer } from '../../mail/outbox.js';
import { mailAmount, mailDay, mailLanguage, renderMail } from '../../mail/templates.js';
import type { MailLanguage, MailTemplate } from '../../mail/templates.js';
import * as store from './store.js';

/**
 * The claim's page in the portal. The portal's paths all start with `/en` (as the other mailed links);
 * it shows the page in the language she chose on her device.
 */
export function claimPageLink(publicOrigin: string, claimNumber: string): string {
  return `${publicOrigin}/en/claims/${encodeURIComponent(claimNumber)}`;
}

/** How long a claim takes to be decided, as the received mail promises it. */
export const CLAIM_DECISION_WORKING_DAYS = 10;

const RECEIVED: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'We received your claim {{claimNumber}}',
    paragraphs: [
      'We received your claim {{claimNumber}} of {{amount}}, filed on {{day}}.',
      'What happens next: a claims handler checks it and your receipts. If something is missing, we ask you for it by e-mail and you add it on the claim’s page. You hear from us within {{days}} working days, and we mail you at every step.',
    ],
    linkLabel: 'Follow your claim',
  },
  nl: {
    subject: 'We hebben je declaratie {{claimNumber}} ontvangen',
    paragraphs: [
      'We hebben je declaratie {{claimNumber}} van {{amount}} ontvangen, ingediend op {{day}}.',
      'Wat er nu gebeurt: een schadebehandelaar controleert de declaratie en je bonnen. Als er iets ontbreekt, vragen we het je per e-mail en voeg je het toe op de pagina van de declaratie. Je hoort binnen {{days}} werkdagen van ons, en we mailen je bij elke stap.',
    ],
    linkLabel: 'Volg je declaratie',
  },
};

/** A claim's status in plain words, as the mails say it. */
const STATUS_WORDS: Record<MailLanguage, Record<ClaimStatus, string>> = {
  en: {
    RECEIVED: 'We received your claim.',
    IN_REVIEW: 'A claims handler is now reviewing your claim.',
    DOCUMENTS_REQUESTED: 'We need more documents before we can decide on your claim.',
    APPROVED: 'Your claim is approved. We will pay it soon.',
    REJECTED: 'We are sorry: your claim is rejected.',
    PAID: 'Your claim is paid.',
  },
  nl: {
    RECEIVED: 'We hebben je declaratie ontvangen.',
    IN_REVIEW: 'Een schadebehandelaar bekijkt je declaratie nu.',
    DOCUMENTS_REQUESTED: 'We hebben meer documenten nodig voordat we over je declaratie kunnen beslissen.',
    APPROVED: 'Je declaratie is goedgekeurd. We betalen hem binnenkort uit.',
    REJECTED: 'Het spijt ons: je declaratie is afgewezen.',
    PAID: 'Je declaratie is uitbetaald.',
  },
};

const STATUS_CHANGED: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'Your claim {{claimNumber}}: {{statusShort}}',
    paragraphs: [
      '{{statusWords}}',
      '{{#if note}}Note from the claims handler: {{note}}{{/if}}',
      '{{#if documentsRequested}}Add the documents on the claim’s page: open it with the link below and choose "Add documents".{{/if}}',
      '{{#if paidAmount}}We paid {{paidAmount}} to your account on {{paidDay}}.{{/if}}',
    ],
    linkLabel: 'See your claim',
  },
  nl: {
    subject: 'Je declaratie {{claimNumber}}: {{statusShort}}',
    paragraphs: [
      '{{statusWords}}',
      '{{#if note}}Bericht van de schadebehandelaar: {{note}}{{/if}}',
      '{{#if documentsRequested}}Voeg de documenten toe op de pagina van de declaratie: open die met de link hieronder en kies "Documenten toevoegen".{{/if}}',
      '{{#if paidAmount}}We hebben {{paidAmount}} op {{paidDay}} naar je rekening overgemaakt.{{/if}}',
    ],
    linkLabel: 'Bekijk je declaratie',
  },
};

/** The status's short name in a subject line, as the portal's claim list shows it. */
const STATUS_SHORT: Record<MailLanguage, Record<ClaimStatus, string>> = {
  en: {
    RECEIVED: 'received',
    IN_REVIEW: 'in review',
    DOCUMENTS_REQUESTED: 'documents requested',
    APPROVED: 'approved',
    REJECTED: 'rejected',
    PAID: 'paid',
  },
  nl: {
    RECEIVED: 'ontvangen',
    IN_REVIEW: 'in behandeling',
    DOCUMENTS_REQUESTED: 'documenten gevraagd',
    APPROVED: 'goedgekeurd',
    REJECTED: 'afgewezen',
    PAID: 'uitbetaald',
  },
};

/** What the mails of one claim say of it. */
export interface MailedClaim {
  claimNumber: string;
  amount: number;
}

/** The mail at the moment a claim is filed: its number, amount, what happens next and how long it takes. */
export function claimReceivedMail(
  to: string,
  language: MailLanguage,
  claim: MailedClaim & { submittedAt: Date },
  publicOrigin: string,
): Mail {
  return renderMail(
    RECEIVED,
    language,
    to,
    {
      claimNumber: claim.claimNumber,
      amount: mailAmount(claim.amount, language),
      day: mailDay(claim.submittedAt, language),
      days: CLAIM_DECISION_WORKING_DAYS,
    },
    claimPageLink(publicOrigin, claim.claimNumber),
  );
}

/**
 * The mail at every status change: the status in plain words, the handler's note, the amount and day
 * of the payment once paid, and the link to the claim's page.
 */
export function claimStatusMail(
  to: string,
  language: MailLanguage,
  claim: MailedClaim,
  change: { status: ClaimStatus; note: string | null; at: Date },
  publicOrigin: string,
): Mail {
  const paid = change.status === 'PAID';
  return renderMail(
    STATUS_CHANGED,
    language,
    to,
    {
      claimNumber: claim.claimNumber,
      statusShort: STATUS_SHORT[language][change.status],
      statusWords: STATUS_WORDS[language][change.status],
      note: change.note,
      documentsRequested: change.status === 'DOCUMENTS_REQUESTED',
      paidAmount: paid ? mailAmount(claim.amount, language) : null,
      paidDay: paid ? mailDay(change.at, language) : null,
    },
    claimPageLink(publicOrigin, claim.claimNumber),
  );
}

/** Where a claim's mails go: the profile's address and language, and whether she wants them. */
export interface ClaimMailRecipient {
  email: string;
  language: MailLanguage;
  claimMails: boolean;
}

/** The owner of `profileId` as the claim mails address her. */
export async function claimMailRecipient(db: Db, profileId: string): Promise<ClaimMailRecipient | undefined> {
  const row = await store.mailSettingsOf(db, profileId);
  return row
    ? { email: row.email, language: mailLanguage(row.mail_language), claimMails: row.claim_mails }
    : undefined;
}

/**
 * Stores the mail of a status change for the claim's policyholder (the student, or the holder of the
 * policy a visitor claimed on), in her language, unless she turned claim mails off. In `tx`, so that
 * the mail goes out only with the change.
 */
export async function mailStatusChange(
  tx: Db,
  mailer: Pick<Mailer, 'store'>,
  profileId: string,
  claim: MailedClaim,
  change: { status: ClaimStatus; note: string | null; at: Date },
  publicOrigin: string,
): Promise<void> {
  const recipient = await claimMailRecipient(tx, profileId);
  if (!recipient?.claimMails) return;
  await mailer.store(claimStatusMail(recipient.email, recipient.language, claim, change, publicOrigin), tx);
}
