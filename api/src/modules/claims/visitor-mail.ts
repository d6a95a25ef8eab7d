import type { Mail } from '../../mail/outbox.js';
import { MAIL_LOCALES, renderMail } from '../../mail/templates.js';
import type { MailLanguage, MailTemplate } from '../../mail/templates.js';

/** Where a visitor's claim stands with the policyholder. */
export type HolderDecision = 'PENDING' | 'CONFIRMED' | 'REFUSED';

/** What the policyholder sees of a visitor's claim before she decides: nothing the visitor wrote freely. */
export interface ClaimForConfirmation {
  claimNumber: string;
  policyNumber: string;
  category: string;
  incidentDate: string;
  amount: number;
  /** Masked: country, check digits and the last four characters. */
  iban: string;
  submittedAt: string;
  decision: HolderDecision;
}

/** The page of the mailed link (a token page: its secret is never logged). */
export const CONFIRM_CLAIM_PAGE = '/en/confirm-claim';

const CONFIRM_VISITOR_CLAIM: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'Confirm the claim filed on your policy',
    paragraphs: [
      'A claim was filed on your policy {{policyNumber}} without logging in: claim {{claimNumber}}, {{amount}} for an incident on {{incidentDate}}, to be paid to the account {{iban}}.',
      'We handle the claim, and pay to that account, only once you confirm it. If you did not file it and did not ask anyone to, refuse it: it is then closed.',
      'Confirm or refuse the claim:',
    ],
    linkLabel: 'Confirm or refuse the claim',
  },
  nl: {
    subject: 'Bevestig de declaratie op je polis',
    paragraphs: [
      'Er is zonder inloggen een declaratie ingediend op je polis {{policyNumber}}: declaratie {{claimNumber}}, {{amount}} voor een voorval op {{incidentDate}}, te betalen op rekening {{iban}}.',
      'We behandelen de declaratie, en betalen op die rekening, pas als jij haar bevestigt. Heb je haar niet ingediend en niemand gevraagd dat te doen? Weiger haar dan: ze wordt dan gesloten.',
      'Bevestig of weiger de declaratie:',
    ],
    linkLabel: 'Declaratie bevestigen of weigeren',
  },
};

/**
 * The mail to the policyholder at the moment a visitor files a claim on her policy, in her language:
 * what was claimed and to which account, and the link to confirm or refuse it. The visitor's description
 * is not quoted: only the fields the api checked (the category is one of a list, the IBAN is masked).
 */
export function visitorClaimMail(
  to: string,
  language: MailLanguage,
  claim: Omit<ClaimForConfirmation, 'decision'>,
  link: string,
): Mail {
  const locale = MAIL_LOCALES[language];
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(claim.amount);
  const incidentDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${claim.incidentDate}T00:00:00Z`),
  );
  return renderMail(
    CONFIRM_VISITOR_CLAIM,
    language,
    to,
    {
      policyNumber: claim.policyNumber,
      claimNumber: claim.claimNumber,
      amount,
      incidentDate,
      iban: claim.iban,
    },
    link,
  );
}
