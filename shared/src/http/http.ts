import type { AfterResponseHook } from 'ky';

import { useAuthStore } from '../auth/auth-store';
import { useGlobalAlertStore } from '../alert/global-alert-store';
import { baseHttp } from './base-http';
import { incidentHook } from './incident-hook';
import { isBackendUnavailable } from './backend-unavailable';

/** Window event the host turns into a redirect to `/login?redirect=<current>`. */
export const UNAUTHORIZED_EVENT = 'portal:unauthorized';

// A 401 from these is the answer to "who am I", handled by the auth store itself (or, for a refused
// passkey, by the login page, which says so and stays where it is).
const AUTH_CALLS = ['/api/login', '/api/checksession', '/api/passkeys/login', '/api/passkeys/login/options'];

function isAuthCall(url: string): boolean {
  const { pathname } = new URL(url);
  return AUTH_CALLS.some((path) => pathname === path || pathname === `${path}/`);
}

/** Header of the account-token calls (a mailed link): their 401 is about the link, not the session. */
const ACCOUNT_TOKEN_HEADER = 'X-Authorization-Token';

/** Code of the 401 for a wrong current password: the form says so, the session goes on. */
export const INVALID_PASSWORD_CODE = 'INVALID_PASSWORD';

async function readCode(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ky hook: a 401 ends the session in the browser and tells the host to show the login (docs/requirements.md §8),
 * except where the 401 is about something the student typed or followed, not the session: an
 * account link that is invalid or expired, or a wrong current password. Those pages say so themselves.
 */
export const unauthorizedHook: AfterResponseHook = async (request, _options, response) => {
  if (response.status !== 401 || isAuthCall(request.url)) return;
  if (request.headers.has(ACCOUNT_TOKEN_HEADER)) return;
  if ((await readCode(response)) === INVALID_PASSWORD_CODE) return;
  useAuthStore.getState().markUnauthenticated();
  window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
};

/** ky hook: a backend that cannot be reached through the host marks the api unavailable and says so. */
export const unavailableHook: AfterResponseHook = async (_request, _options, response) => {
  if (!(await isBackendUnavailable(response))) return;
  useAuthStore.getState().markApiUnavailable();
  useGlobalAlertStore.getState().showServiceUnavailable();
};

/**
 * ky hook: the first answer after the backend could not be reached (any status the backend itself
 * gives) says it is back: "Service unavailable" goes away and the api counts as available again.
 */
export const recoveredHook: AfterResponseHook = async (_request, _options, response) => {
  if (!useAuthStore.getState().apiUnavailable || (await isBackendUnavailable(response))) return;
  useAuthStore.getState().markApiAvailable();
  useGlobalAlertStore.getState().clearServiceUnavailable();
};

/**
 * The one HTTP client of the portal (ky). Paths are relative to the page origin and must not
 * start with a slash: `http.get('api/en/countries').json<Country[]>()`.
 *
 * - asks for JSON, sends cookies to the same origin only, has no default timeout;
 * - echoes the `XSRF-TOKEN` cookie as `X-XSRF-TOKEN` on every non-GET request;
 * - a 401 marks the session unauthenticated and dispatches the `portal:unauthorized` window event,
 *   except for an account link's token and a wrong current password (`INVALID_PASSWORD`);
 * - a 502, 503 or 504 from the host's proxy marks the api unavailable and shows "Service unavailable";
 *   the next answer from the backend itself marks it available again and hides that alert;
 * - a 500 shows the global alert with the `incidentId` of the response body;
 * - a 429 shows the global alert "Too many attempts. Please try again in N minutes." (`Retry-After`);
 * - statuses 200–299 succeed (a 204 has no body: check `response.status === 204` before reading),
 *   any other status rejects with ky's `HTTPError` (see {@link readApiError}).
 */
export const http = baseHttp.extend({
  hooks: { afterResponse: [unauthorizedHook, unavailableHook, recoveredHook] },
});

/**
 * What `http` does with every response, in its order (the base client's hook, then its own), for a
 * call that cannot go through ky: {@link postWithProgress}.
 */
export const RESPONSE_HOOKS: readonly AfterResponseHook[] = [
  incidentHook,
  unauthorizedHook,
  unavailableHook,
  recoveredHook,
];
