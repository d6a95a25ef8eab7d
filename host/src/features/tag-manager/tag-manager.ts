import { isValidGtmId } from '../../app/runtime-config-shape';

/** The page-view event name (docs/requirements.md §1). */
export const CONTENT_VIEW_EVENT = 'content-view';

/** Route names that never report a page view. */
export const IGNORED_ROUTE_NAMES: readonly string[] = ['demo-pages-test'];

/** What a route tells the tag manager: its name, or a `gtm` string that overrides it. */
export type TrackedRoute = { name?: string; gtm?: string };

/** Google's Consent Mode v2 signals, every one denied until the student accepts analytics. */
const CONSENT_DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
} as const;

/**
 * The tag manager recognises a gtag command only as an `arguments` object in the data layer (an
 * array is taken for data), hence this old-style function.
 */
function argumentsOf(..._command: unknown[]): IArguments {
  // eslint-disable-next-line prefer-rest-params -- the tag manager reads `arguments` objects only
  return arguments;
}

/** Sends a gtag command (`gtag('consent', ...)`) to the data layer. */
function gtag(win: Window, ...command: unknown[]): void {
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push(argumentsOf(...command));
}

/** Tells a running tag manager the student's changed analytics choice (Consent Mode `update`). */
export function updateAnalyticsConsent(granted: boolean, win: Window = window): void {
  gtag(win, 'consent', 'update', { analytics_storage: granted ? 'granted' : 'denied' });
}

/**
 * Loads the tag manager with a script element (a `src`, no inline code, so the CSP needs no
 * `unsafe-inline`), once the student accepted analytics cookies: Consent Mode's `default` (all
 * denied) and `update` (analytics granted, nothing for ads) come first. Does nothing for a missing
 * or invalid id.
 * @returns whether the tag manager was installed
 */
export function installTagManager(id: string | null | undefined, doc: Document = document): boolean {
  if (!isValidGtmId(id)) {
    if (id) console.error(`Tag manager not loaded: "${id}" is not a GTM- container id.`);
    return false;
  }
  const win = doc.defaultView ?? window;
  gtag(win, 'consent', 'default', CONSENT_DENIED);
  updateAnalyticsConsent(true, win);
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  doc.head.appendChild(script);
  return true;
}

/** The `content-view` event of a route, or null for unnamed and ignored routes. */
export function contentViewEvent(route: TrackedRoute | undefined): { event: string; page: string } | null {
  const page = route?.gtm ?? route?.name;
  if (!page || IGNORED_ROUTE_NAMES.includes(page)) return null;
  return { event: CONTENT_VIEW_EVENT, page };
}

/** Pushes the route's `content-view` event to the data layer. */
export function trackContentView(route: TrackedRoute | undefined, win: Window = window): void {
  const event = contentViewEvent(route);
  if (!event) return;
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push(event);
}
