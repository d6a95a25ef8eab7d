import { WAS_THIS_YOU } from '../../mail/privacy-mails.js';

/** The kind of each mail the portal sends, by its subject (the export lists mails by date, subject, kind). */
const KINDS: Record<string, string> = {
  'Activate your account': 'account-activation',
  'Set a new password': 'password-reset',
  'Confirm your new e-mail address': 'email-confirmation',
  'Your e-mail address was changed': 'email-changed',
  'Your bank account was changed': 'bank-account-changed',
  'A passkey was added to your account': 'passkey-added',
  [WAS_THIS_YOU]: 'security-notice',
  'Stel een nieuw wachtwoord in': 'password-reset',
  'Bevestig je nieuwe e-mailadres': 'email-confirmation',
  'Je e-mailadres is gewijzigd': 'email-changed',
  'Je bankrekening is gewijzigd': 'bank-account-changed',
  'Er is een passkey aan je account toegevoegd': 'passkey-added',
  'Was jij dit?': 'security-notice',
};

/** The subjects of the claim mails, which name the claim: "…claim CLM-2026-…". */
const CLAIM_MAIL = /\bclaim CLM-\d{4}-[0-9A-F]{8}\b/;

/** The kind of a mail, `notice` for a subject not listed. */
export function mailKind(subject: string): string {
  return KINDS[subject] ?? (CLAIM_MAIL.test(subject) ? 'claim-update' : 'notice');
}
