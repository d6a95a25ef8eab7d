import type { Mail } from './outbox.js';
import { renderMail } from './templates.js';
import type { MailLanguage, MailTemplate } from './templates.js';

/** Where a student removes a passkey, in the words of the portal's menu. */
const HOW_TO_REMOVE = 'To remove a passkey, log in and go to Profile > Passkeys, then choose "Remove".';

const PASSKEY_ADDED: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: 'A passkey was added to your account',
    paragraphs: [
      'A passkey named "{{name}}" was added to your Student Insurance account. It can now be used to log in without your password.',
      `If you did not add it, remove it at once and change your password. ${HOW_TO_REMOVE}`,
    ],
    linkLabel: 'Your profile',
  },
  nl: {
    subject: 'Er is een passkey aan je account toegevoegd',
    paragraphs: [
      'Er is een passkey met de naam "{{name}}" aan je Student Insurance-account toegevoegd. Daarmee kun je nu inloggen zonder je wachtwoord.',
      'Heb je hem niet zelf toegevoegd? Verwijder hem dan meteen en wijzig je wachtwoord. Log daarvoor in, ga naar Profiel > Passkeys en kies "Verwijderen".',
    ],
    linkLabel: 'Je profiel',
  },
};

/** The notice sent when a passkey is added: whoever added it without the student is found out at once. */
export function passkeyAddedMail(
  to: string,
  name: string,
  profileLink: string,
  language: MailLanguage = 'en',
): Mail {
  return renderMail(PASSKEY_ADDED, language, to, { name }, profileLink);
}
