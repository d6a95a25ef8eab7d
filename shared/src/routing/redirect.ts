import { paths } from './paths';

/** Query parameter of the login page that names where to go after logging in. */
export const REDIRECT_PARAM = 'redirect';

/** The login path that returns to `current` afterwards, e.g. `/login?redirect=%2Finvoices`. */
export function loginWithRedirect(current: string): string {
  const target = safeRedirect(current);
  if (!target || target.startsWith(paths.login())) return paths.login();
  return `${paths.login()}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/**
 * A redirect target that stays inside the app: a path starting with one `/`. Anything else
 * (an absolute URL, `//host`, a backslash trick) gives `undefined`, so that a crafted login link
 * cannot send the user to another site.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}

/** The safe redirect target of a query string (`location.search`), or `undefined`. */
export function readRedirect(search: string | URLSearchParams): string | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeRedirect(params.get(REDIRECT_PARAM));
}
