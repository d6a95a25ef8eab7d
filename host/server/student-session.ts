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
 * How many of a route's reads the page's header has the browser fetch with the page. Over HTTP/1.1
 * the browser opens six connections to the host, which the api's answers share with the page's
 * start-up scripts and style sheet: the session check and two reads take half of them, so that the
 * scripts, which every page waits for, are not a round trip behind. A route lists its reads in the
 * order its page needs them (the first screen's first); the others start with the app
 * (`startRouteReads`). Measured on Profile, cold, whose route declares six: 2.38–2.42 s with all six
 * in the header, 2.18–2.19 s with two, 2.31 s with three and 2.54 s with one (docs/performance.md).
 */
export const HEADER_READS = 2;

/**
 * For a request with a session cookie: the api reads the browser makes first, to be fetched with
 * the page (preload), so that they are under way before the scripts arrive. The session check, which
 * every page's start-up makes; and, when the api has said whose session it is, the first
 * {@link HEADER_READS} reads the page's route declares (`preloadApi`). Without that answer, only the
 * session check is preloaded.
 */
export function sessionPreloads(profileId: string | undefined, paths: readonly string[]): Preload[] {
  const preloads: Preload[] = [{ href: '/api/checksession', as: 'fetch' }];
  if (profileId === undefined) return preloads;
  for (const path of paths.slice(0, HEADER_READS))
    preloads.push({ href: `/${studentApiPath(path, profileId)}`, as: 'fetch' });
  return preloads;
}
