import { isValidGtmId } from '../../app/runtime-config-shape';
import { CONSENT_DENIED, gtag, updateAnalyticsConsent } from '../consent/consent-mode';

/** The page-view event name (docs/requirements.md §1). */
export const CONTENT_VIEW_EVENT = 'content-view';

/** Route names that never report a page view. */
export const IGNORED_ROUTE_NAMES: readonly string[] = ['demo-pages-test'];

/** What a route tells the tag manager: its name, or a `gtm` string that overrides it. */
export type TrackedRoute = { name?: string; gtm?: string };

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
