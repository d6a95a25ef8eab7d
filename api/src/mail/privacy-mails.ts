import type { Mail } from './outbox.js';
import { MAIL_LOCALES, renderMail } from './templates.js';
import type { MailLanguage, MailTemplate } from './templates.js';

/** The subject of every mail that tells a student about her sessions or her data, in English. */
export const WAS_THIS_YOU = 'Was this you?';

/** What happened, in a sentence each. */
export type PrivacyNotice =
  | { kind: 'new-browser'; browser: string; at: Date }
  | { kind: 'sessions-ended'; count: number; at: Date }
  | { kind: 'data-export'; at: Date };

const WAS_THIS_YOU_MAIL: Record<MailLanguage, MailTemplate> = {
  en: {
    subject: WAS_THIS_YOU,
    paragraphs: [
      '{{#if newBrowser}}Someone logged in to your Student Insurance account from a browser not used before ({{browser}}) on {{when}}.{{/if}}' +
        '{{#if oneEnded}}One of your sessions on the Student Insurance portal was ended on {{when}}.{{/if}}' +
        '{{#if manyEnded}}{{count}} of your sessions on the Student Insurance portal were ended on {{when}}.{{/if}}' +
        '{{#if dataExport}}A copy of your data was downloaded from your Student Insurance account on {{when}}.{{/if}}',
      'If this was you, there is nothing to do. If not, end every other session under Profile > "Where am I logged in" and change your password at once.',
    ],
    linkLabel: 'Where am I logged in',
  },
  nl: {
    subject: 'Was jij dit?',
    paragraphs: [
      '{{#if newBrowser}}Iemand heeft op {{when}} ingelogd op je Student Insurance-account vanuit een browser die nog niet eerder werd gebruikt ({{browser}}).{{/if}}' +
        '{{#if oneEnded}}Op {{when}} is een van je sessies op het Student Insurance-portaal beëindigd.{{/if}}' +
        '{{#if manyEnded}}Op {{when}} zijn {{count}} van je sessies op het Student Insurance-portaal beëindigd.{{/if}}' +
        '{{#if dataExport}}Op {{when}} is een kopie van je gegevens gedownload uit je Student Insurance-account.{{/if}}',
      'Was jij dit, dan hoef je niets te doen. Zo niet, beëindig dan alle andere sessies onder Profiel > "Waar ben ik ingelogd" en wijzig meteen je wachtwoord.',
    ],
    linkLabel: 'Waar ben ik ingelogd',
  },
};

/** A moment as the mail's language writes it, with its time zone. */
function when(at: Date, language: MailLanguage): string {
  return new Intl.DateTimeFormat(MAIL_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
}

/**
 * "Was this you?": tells the student what happened to her account, with a link to the list of places
 * where she is logged in, so that a stranger's session can be ended at once. A security mail: it goes
 * whatever she chose for claim updates.
 */
export function wasThisYouMail(
  to: string,
  notice: PrivacyNotice,
  sessionsLink: string,
  language: MailLanguage = 'en',
): Mail {
  return renderMail(
    WAS_THIS_YOU_MAIL,
    language,
    to,
    {
      when: when(notice.at, language),
      newBrowser: notice.kind === 'new-browser',
      browser: notice.kind === 'new-browser' ? notice.browser : '',
      oneEnded: notice.kind === 'sessions-ended' && notice.count === 1,
      manyEnded: notice.kind === 'sessions-ended' && notice.count !== 1,
      count: notice.kind === 'sessions-ended' ? notice.count : 0,
      dataExport: notice.kind === 'data-export',
    },
    sessionsLink,
  );
}
