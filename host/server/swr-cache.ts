// The host server's cache of what backends and remotes answer: fresh for a while, then served stale
// while it is refreshed, and kept when a refresh fails; and a wait that gives up in time, so a slow
// backend never holds a page back.
import { LRUCache } from 'lru-cache';

/** How long an answer of a backend or remote is fresh; after that it is served stale and refreshed. */
export const FRESH_MS = 30_000;
/** How long a page waits for a backend or remote before it is sent without that part. */
export const WAIT_MS = 800;

/** Fetches JSON, failing on a status other than 2xx and after 5 s at the most. */
export async function fetchJson(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<unknown> {
  const response = await fetchImpl(url, {
    ...init,
    signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * A cache that answers from memory while fresh, serves a stale answer while it refreshes it, and keeps
 * the last good answer when a refresh fails (lru-cache's stale-while-revalidate).
 */
export function swrCache(load: (key: string, signal: AbortSignal) => Promise<unknown>, freshMs = FRESH_MS) {
  return new LRUCache<string, { value: unknown }>({
    max: 64,
    ttl: freshMs,
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    fetchMethod: async (key, _stale, { signal }) => ({ value: await load(key, signal) }),
  });
}

/** A cache of {@link swrCache}. */
export type SwrCache = ReturnType<typeof swrCache>;

/** The value of `key`, from the cache or loaded. */
export const cached = async (cache: SwrCache, key: string): Promise<unknown> =>
  (await cache.fetch(key))?.value;

/** `value` when it arrives within `waitMs`, else undefined (the browser then asks itself). */
export async function within<T>(promise: Promise<T>, waitMs = WAIT_MS): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
