import type { Mail } from './outbox.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The subject of every mail that tells a student about her sessions or her data. */
export const WAS_THIS_YOU = 'Was this you?';

/** What happened, in a sentence each. */
export type PrivacyNotice =
  | { kind: 'new-browser'; browser: string; at: Date }
  | { kind: 'sessions-ended'; count: number; at: Date }
  | { kind: 'data-export'; at: Date };

function describe(notice: PrivacyNotice): string {
  const when = `on ${notice.at.toUTCString()}`;
  switch (notice.kind) {
    case 'new-browser':
      return `Someone logged in to your Student Insurance account from a browser not used before (${notice.browser}) ${when}.`;
    case 'sessions-ended':
      return notice.count === 1
        ? `One of your sessions on the Student Insurance portal was ended ${when}.`
        : `${notice.count} of your sessions on the Student Insurance portal were ended ${when}.`;
    case 'data-export':
      return `A copy of your data was downloaded from your Student Insurance account ${when}.`;
  }
}

/**
 * "Was this you?": tells the student what happened to her account, with a link to the list of places
 * where she is logged in, so that a stranger's session can be ended at once.
 */
export function wasThisYouMail(to: string, notice: PrivacyNotice, sessionsLink: string): Mail {
  const intro = describe(notice);
  const advice =
    'If this was you, there is nothing to do. If not, end every other session under Profile > ' +
    '"Where am I logged in" and change your password at once.';
  return {
    to,
    subject: WAS_THIS_YOU,
    text: `${intro}\n\n${advice}\n\n${sessionsLink}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p>` +
      `<p><a href="${escapeHtml(sessionsLink)}">${escapeHtml(sessionsLink)}</a></p>`,
    links: [sessionsLink],
  };
}
