import type { AfterResponseHook } from 'ky';

import { useAuthStore } from '../auth/auth-store';
import { baseHttp } from './base-http';

/** Window event the host turns into a redirect to `/login?redirect=<current>`. */
export const UNAUTHORIZED_EVENT = 'portal:unauthorized';

// A 401 from these is the answer to "who am I", handled by the auth store itself.
const AUTH_CALLS = ['/api/login', '/api/checksession'];

function isAuthCall(url: string): boolean {
  const { pathname } = new URL(url);
  return AUTH_CALLS.some((path) => pathname === path || pathname === `${path}/`);
}

/** A 401 (except from the auth calls) ends the session in the browser and tells the host to show the login. */
export function reportUnauthorized(url: string, response: Response): void {
  if (response.status !== 401 || isAuthCall(url)) return;
  useAuthStore.getState().markUnauthenticated();
  window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
}

/** ky hook: any 401 ends the session in the browser and tells the host to show the login. */
export const unauthorizedHook: AfterResponseHook = (request, _options, response) =>
  reportUnauthorized(request.url, response);

/**
 * The one HTTP client of the portal (ky). Paths are relative to the page origin and must not
 * start with a slash: `http.get('api/en/countries').json<Country[]>()`.
 *
 * - asks for JSON, sends cookies to the same origin only, has no default timeout;
 * - echoes the `XSRF-TOKEN` cookie as `X-XSRF-TOKEN` on every non-GET request;
 * - a 401 marks the session unauthenticated and dispatches the `portal:unauthorized` window event;
 * - a 500 shows the global alert with the `incidentId` of the response body;
 * - statuses 200–299 succeed (a 204 has no body: check `response.status === 204` before reading),
 *   any other status rejects with ky's `HTTPError` (see {@link readApiError}).
 */
export const http = baseHttp.extend({
  hooks: { afterResponse: [unauthorizedHook] },
});
