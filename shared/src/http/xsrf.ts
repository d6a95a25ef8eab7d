import type { BeforeRequestHook } from 'ky';

/** Name of the readable anti-forgery cookie the backend sets (docs/requirements.md §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header every non-GET request echoes the cookie in (docs/requirements.md §7). */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Reads one cookie by name from `document.cookie`, or `undefined` when it is not set. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      const raw = part.slice(separator + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        // A cookie that is not valid percent-encoding is sent as it is rather than dropped.
        return raw;
      }
    }
  }
  return undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let fetchingCookie: Promise<unknown> | undefined;

/**
 * The anti-forgery cookie, fetched first when the browser has none yet: the api sets it on any answer,
 * but a page whose first call is a write (a mailed link that confirms at once, opened before the
 * start-up check has answered) would otherwise be refused with 403. One GET for all waiting writes.
 */
async function xsrfToken(requestUrl: string): Promise<string | undefined> {
  const token = readCookie(XSRF_COOKIE);
  if (token) return token;
  fetchingCookie ??= fetch(new URL('/api/checksession', requestUrl), { credentials: 'same-origin' })
    .catch(() => undefined)
    .finally(() => {
      fetchingCookie = undefined;
    });
  await fetchingCookie;
  return readCookie(XSRF_COOKIE);
}

/** GETs that change state (docs/requirements.md §7 fixes their method): the api wants the header on them too. */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

/** ky hook: echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on every state-changing request. */
export const xsrfHook: BeforeRequestHook = async (request) => {
  if (
    SAFE_METHODS.has(request.method.toUpperCase()) &&
    !STATE_CHANGING_GETS.has(new URL(request.url).pathname)
  )
    return;
  const token = await xsrfToken(request.url);
  if (token) request.headers.set(XSRF_HEADER, token);
};
