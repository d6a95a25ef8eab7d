/**
 * The student's choice about analytics cookies (the tag manager), kept in a first-party cookie for
 * twelve months (ePrivacy: Telecommunicatiewet art. 11.7a). No choice yet means no tag manager.
 * The api reads the same cookie for "Download my data".
 */
export type ConsentChoice = 'granted' | 'denied';

/** The cookie's name; the privacy page lists it. */
export const CONSENT_COOKIE = 'portal_consent';

/** The id (and hash) of the footer's "Cookie settings" link. */
export const COOKIE_SETTINGS_ID = 'cookie-settings';

/** Twelve months, in seconds. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

type Listener = () => void;
const listeners = new Set<Listener>();
let settingsOpen = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The choice kept in the cookie, or null when the student has not chosen (or it expired). */
export function readConsent(doc: Document = document): ConsentChoice | null {
  const match = /(?:^|;\s*)portal_consent=(granted|denied)(?:;|$)/.exec(doc.cookie);
  return match ? (match[1] as ConsentChoice) : null;
}

/** Keeps the choice for twelve months and tells every subscriber at once (no reload needed). */
export function saveConsent(choice: ConsentChoice, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  settingsOpen = false;
  notify();
}

/** Whether the banner shows: no choice yet, or the student opened "Cookie settings". */
export function isConsentBannerOpen(): boolean {
  return settingsOpen || readConsent() === null;
}

/** Opens the banner again from "Cookie settings". */
export function openConsentSettings(): void {
  settingsOpen = true;
  notify();
}

/** Subscribes to choice and banner changes (the shape `useSyncExternalStore` wants). */
export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
