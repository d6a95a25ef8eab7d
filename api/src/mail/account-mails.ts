import type { Db } from '../db/db.js';
import type { Mail } from './outbox.js';
import { LIST, mailLanguage, renderMail } from './templates.js';
import type { MailLanguage, MailTemplate } from './templates.js';

/**
 * The language of the mails to an account: that of the student's profile (the portal's EN/NL switch
 * while she is logged in), English for an account without one.
 */
export async function accountMailLanguage(db: Db, accountId: string): Promise<MailLanguage> {
  const [row] = await db.query<{ mail_language: string }>(
    'SELECT mail_language FROM profiles WHERE account_id = $1 LIMIT 1',
    [accountId],
  );
  return mailLanguage(row?.mail_language);
}

const SET_PASSWORD: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'Set a new password',
    paragraphs: [
      'Set a new password with the link below (valid for 1 hour).',
      '{{#if one}}Your account has 1 passkey. A new password does not remove it:{{/if}}{{#if many}}Your account has {{count}} passkeys. A new password does not remove them:{{/if}}',
      LIST,
      '{{#if count}}If you do not recognise one, remove it. To remove a passkey, log in and go to Profile > Passkeys, then choose "Remove".{{/if}}',
    ],
    linkLabel: 'Set a new password',
  },
  nl: {
    subject: 'Stel een nieuw wachtwoord in',
    paragraphs: [
      'Stel met de link hieronder een nieuw wachtwoord in (1 uur geldig).',
      '{{#if one}}Je account heeft 1 passkey. Een nieuw wachtwoord verwijdert die niet:{{/if}}{{#if many}}Je account heeft {{count}} passkeys. Een nieuw wachtwoord verwijdert ze niet:{{/if}}',
      LIST,
      '{{#if count}}Herken je er een niet? Verwijder hem dan. Log daarvoor in, ga naar Profiel > Passkeys en kies "Verwijderen".{{/if}}',
    ],
    linkLabel: 'Nieuw wachtwoord instellen',
  },
};

const CONFIRM_EMAIL: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'Confirm your new e-mail address',
    paragraphs: ['Confirm your new e-mail address (valid for 24 hours):'],
    linkLabel: 'Confirm your new e-mail address',
  },
  nl: {
    subject: 'Bevestig je nieuwe e-mailadres',
    paragraphs: ['Bevestig je nieuwe e-mailadres (24 uur geldig):'],
    linkLabel: 'Bevestig je nieuwe e-mailadres',
  },
};

const EMAIL_CHANGED: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'Your e-mail address was changed',
    paragraphs: [
      'The e-mail address of your Student Insurance account was changed to {{newEmail}}.',
      'If you did not do this, contact us at once.',
    ],
  },
  nl: {
    subject: 'Je e-mailadres is gewijzigd',
    paragraphs: [
      'Het e-mailadres van je Student Insurance-account is gewijzigd in {{newEmail}}.',
      'Heb je dit niet zelf gedaan? Neem dan meteen contact met ons op.',
    ],
  },
};

const IBAN_CHANGED: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'Your bank account was changed',
    paragraphs: [
      'The bank account (IBAN) for the payments of your policy {{policy}} was changed to {{iban}}.',
      'If you did not do this, contact us at once.',
    ],
  },
  nl: {
    subject: 'Je bankrekening is gewijzigd',
    paragraphs: [
      'De bankrekening (IBAN) voor de betalingen van je polis {{policy}} is gewijzigd in {{iban}}.',
      'Heb je dit niet zelf gedaan? Neem dan meteen contact met ons op.',
    ],
  },
};

/**
 * The mail with the link to set a new password. A new password does not remove the account's
 * passkeys (a student who forgot the password still has the phone), so the mail lists them and says
 * how to remove one: a student resetting because the account was taken over sees one an intruder added.
 */
export function setPasswordMail(to: string, language: MailLanguage, link: string, passkeys: string[]): Mail {
  const count = passkeys.length;
  return renderMail(SET_PASSWORD, language, to, { one: count === 1, many: count > 1, count }, link, passkeys);
}

/** The mail with the link that confirms a new e-mail address, sent to that address. */
export function confirmEmailMail(to: string, language: MailLanguage, link: string): Mail {
  return renderMail(CONFIRM_EMAIL, language, to, {}, link);
}

/** The notice to the old address once the account's e-mail address was changed. */
export function emailChangedMail(to: string, language: MailLanguage, newEmail: string): Mail {
  return renderMail(EMAIL_CHANGED, language, to, { newEmail });
}

/** The notice that the bank account of a policy's payments was changed (the IBAN masked). */
export function ibanChangedMail(to: string, language: MailLanguage, policy: string, iban: string): Mail {
  return renderMail(IBAN_CHANGED, language, to, { policy, iban });
}
