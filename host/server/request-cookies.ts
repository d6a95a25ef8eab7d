// What the host server reads of a request's cookies: the session cookie's presence (HttpOnly, so only
// the server sees it) and the interface language the page chose.
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY } from '@portal/shared/locales';
import type { Locale } from '@portal/shared/locales';

/** The api's session cookie: a visitor without it is shown the login page for a guarded route. */
export const SESSION_COOKIE = 'PORTAL_SESSION';

/** The value of one cookie of a `Cookie` header, or undefined. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Whether the request carried the api's session cookie. */
export const hasSession = (cookieHeader: string | undefined): boolean =>
  cookieValue(cookieHeader, SESSION_COOKIE) !== undefined;

/** The interface language a request's cookie names (`portal-locale`, set by the page), else the default. */
export function requestLocale(cookieHeader: string | undefined): Locale {
  const value = cookieValue(cookieHeader, LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
