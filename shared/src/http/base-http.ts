import ky from 'ky';

import { incidentHook, rateLimitHook } from './incident-hook';
import { keepRecentAnswer, takeReadAhead } from './reads-ahead';
import { xsrfHook } from './xsrf';

/** Where the client's requests would go on a server, which renders pages but never sends one. */
const NO_ORIGIN = 'http://server-render.invalid/';

/**
 * The origin the browser talks to; the host server proxies `/api`, `/pacos` and `/sitecore/api`. A
 * remote's server renders pages without a DOM (a student's own frame), and this module loads there too.
 */
export function apiPrefixUrl(): string {
  return typeof window === 'undefined' ? NO_ORIGIN : new URL('/', window.location.origin).href;
}

/**
 * The client without the 401 handling. The auth store uses it for login, session check and
 * logout: a 401 there is an answer, not an expired session, and importing the full client
 * from the store would make the two modules depend on each other.
 */
export const baseHttp = ky.create({
  prefixUrl: apiPrefixUrl(),
  headers: { Accept: 'application/json' },
  // docs/requirements.md §7: no default timeout; downloads set their own.
  timeout: false,
  credentials: 'same-origin',
  hooks: {
    // A GET that the navigation started ahead (./reads-ahead.ts) takes that answer.
    beforeRequest: [xsrfHook, takeReadAhead],
    // Its answer is kept a short while, for a page opened from this one (./reads-ahead.ts).
    afterResponse: [incidentHook, rateLimitHook, keepRecentAnswer],
  },
});
