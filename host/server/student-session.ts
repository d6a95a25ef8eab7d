// Whose session a page request carries, and the api reads that student's page makes first.
import { studentApiPath } from '@portal/shared/route-table';
import type { Preload } from './preload-plan';
import { readSessionProfile } from './remote-documents';
import { fetchJson, within } from './swr-cache';

/** How long the page waits for the api to say whose session it is (the api is a local call). */
const SESSION_WAIT_MS = 250;

/**
 * For a request with a session cookie: whose session it is, asked of the api with the browser's own
 * cookie, for at most {@link SESSION_WAIT_MS} (the page is not held back for it).
 */
export async function studentProfileId(
  fetchImpl: typeof fetch,
  cookieHeader: string,
  apiOrigin: string,
): Promise<string | undefined> {
  const controller = new AbortController();
  const session = await within(
    fetchJson(
      fetchImpl,
      `${apiOrigin}/api/checksession`,
      { headers: { Accept: 'application/json', Cookie: cookieHeader } },
      controller.signal,
    ),
    SESSION_WAIT_MS,
  );
  controller.abort();
  return readSessionProfile(session);
}

/**
 * For a request with a session cookie: the api reads the browser makes first, to be fetched with
 * the page (preload), so that they are under way before the scripts arrive. The session check, which
 * every page's start-up makes; and, when the api has said whose session it is, the reads the page's
 * route declares (`preloadApi`). Without that answer, only the session check is preloaded.
 */
export function sessionPreloads(profileId: string | undefined, paths: readonly string[]): Preload[] {
  const preloads: Preload[] = [{ href: '/api/checksession', as: 'fetch' }];
  if (profileId === undefined) return preloads;
  for (const path of paths) preloads.push({ href: `/${studentApiPath(path, profileId)}`, as: 'fetch' });
  return preloads;
}
