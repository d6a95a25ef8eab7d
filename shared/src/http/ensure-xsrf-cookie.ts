import { baseHttp } from './base-http';
import { XSRF_COOKIE, readCookie } from './xsrf';

/**
 * Makes sure the anti-forgery cookie is there before a write that may be the page's first request
 * (a passkey request the login page starts as it opens): the backend sets the cookie on any answer, so
 * a GET of the session brings it when it is missing. Without it the write would answer 403
 * `XSRF_INVALID`.
 */
export async function ensureXsrfCookie(): Promise<void> {
  if (readCookie(XSRF_COOKIE) !== undefined) return;
  await baseHttp.get('api/checksession', { throwHttpErrors: false });
}
