import { escapeHtml } from '../../html.js';
import type { Mail } from '../../mail/outbox.js';

/** The languages a request's confirmation is written in: the portal's. */
export type RequestLanguage = 'en' | 'nl';

const TEXTS: Record<RequestLanguage, { subject: string; lines: (applicationNumber: string) => string[] }> = {
  en: {
    subject: 'We have received your insurance request',
    lines: (applicationNumber) => [
      `Thank you for your request. Your application number is ${applicationNumber}.`,
      'We review your application within 4 business days. Once it is accepted, you will get an e-mail with a ' +
        'link to activate your account, where you will find your policy.',
      'Did you not send this request? Then you can ignore this e-mail.',
    ],
  },
  nl: {
    subject: 'We hebben je aanvraag voor een verzekering ontvangen',
    lines: (applicationNumber) => [
      `Bedankt voor je aanvraag. Je aanvraagnummer is ${applicationNumber}.`,
      'Wij beoordelen je aanvraag binnen 4 werkdagen. Als die is geaccepteerd, ontvang je een e-mail met een ' +
        'link om je account te activeren; daar vind je je polis.',
      'Heb je deze aanvraag niet verstuurd? Dan kun je deze e-mail negeren.',
    ],
  },
};

/**
 * The confirmation of an insurance request, to the address given in it, in the language of the page it
 * was sent from: the application number and what happens next. Nothing typed freely is quoted (the address
 * is anyone's to type), so the mail cannot carry someone else's words.
 */
export function insuranceRequestMail(to: string, applicationNumber: string, language: RequestLanguage): Mail {
  const { subject, lines } = TEXTS[language];
  const paragraphs = lines(applicationNumber);
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    links: [],
  };
}
