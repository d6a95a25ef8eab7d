import type { BeforeRequestHook } from 'ky';

/**
 * Api reads started ahead of the page that makes them: a route's declared first reads (`preloadApi`)
 * begin at the moment of navigation, beside the page's code, instead of after it has arrived and
 * rendered. The page's own request for the same path takes that answer (the `http` client's
 * {@link takeReadAhead} hook): one request, not two, and no change in the page.
 *
 * An answer is taken once, by the first GET of exactly that path; one that nobody takes within
 * {@link READ_AHEAD_TTL_MS} is dropped, so a page visited later reads afresh.
 */
export const READ_AHEAD_TTL_MS = 10_000;

type Ahead = { response: Promise<Response | undefined>; started: number };

const ahead = new Map<string, Ahead>();

/** The answers of reads started ahead that have not come yet, taken or not. */
const unanswered = new Set<Promise<unknown>>();

/** The key of a read: its path and query on the page's origin, without a leading slash. */
function keyOf(url: string): string {
  const { pathname, search } = new URL(url, window.location.origin);
  return `${pathname.replace(/^\/+/, '')}${search}`;
}

function fresh(entry: Ahead | undefined, now: number): entry is Ahead {
  return entry !== undefined && now - entry.started < READ_AHEAD_TTL_MS;
}

/**
 * Starts the GET of `path` (`api/en/…`, relative to the page's origin) unless it is already on its
 * way. It asks like the `http` client (JSON, the session's cookie); a network failure leaves nothing
 * behind, so the page's own request goes to the network as usual.
 */
export function startReadAhead(path: string): void {
  const key = keyOf(path);
  const now = Date.now();
  if (fresh(ahead.get(key), now)) return;
  const response = fetch(new URL(key, window.location.origin), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  }).catch(() => undefined);
  ahead.set(key, { response, started: now });
  unanswered.add(response);
  void response.then(() => unanswered.delete(response));
}

/**
 * Resolves once every read started ahead so far has been answered (or failed): what is fetched
 * for later waits until the page shown has its data.
 */
export function readsAheadAnswered(): Promise<void> {
  return Promise.all(unanswered).then(() => undefined);
}

/** Whether a read of `path` has been started and not taken yet. */
export function hasReadAhead(path: string): boolean {
  return fresh(ahead.get(keyOf(path)), Date.now());
}

/** Drops every read started ahead (the session ended: the answers were the previous student's). */
export function forgetReadsAhead(): void {
  ahead.clear();
}

/**
 * ky hook: a GET whose path was read ahead is answered by that read (awaited if still on its way),
 * once. Anything else, or a read ahead that failed, goes to the network; a request that changes
 * something drops every read started before it.
 */
export const takeReadAhead: BeforeRequestHook = async (request) => {
  if (typeof window === 'undefined') return undefined;
  // A change (any other method) may leave what was read before it out of date: nobody takes that.
  if (request.method !== 'GET') {
    ahead.clear();
    return undefined;
  }
  const key = keyOf(request.url);
  const entry = ahead.get(key);
  ahead.delete(key);
  if (!fresh(entry, Date.now())) return undefined;
  return (await entry.response) ?? undefined;
};
