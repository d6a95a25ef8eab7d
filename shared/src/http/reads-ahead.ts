import type { AfterResponseHook, BeforeRequestHook } from 'ky';

/**
 * Api reads started ahead of the page that makes them: a route's declared first reads (`preloadApi`)
 * begin at the moment of navigation, beside the page's code, instead of after it has arrived and
 * rendered. The page's own request for the same path takes that answer (the `http` client's
 * {@link takeReadAhead} hook): one request, not two, and no change in the page.
 *
 * An answer is taken once, by the first GET of exactly that path; one that nobody takes within
 * {@link READ_AHEAD_TTL_MS} is dropped, so a page visited later reads afresh.
 *
 * A page opened from another that has just shown the same read (a policy's renewal, opened from the
 * policies on My Insurance) may take that answer instead of the network: the answers the pages got
 * (the api's, and those that came with the page) are kept for {@link RECENT_ANSWER_MS}, and a read
 * started ahead with `recentWithinMs` takes one that young. Any change (a request of another method)
 * and the end of a session drop them all, so nothing older than a change is ever shown.
 */
export const READ_AHEAD_TTL_MS = 10_000;

/** How long an answer a page got may stand in for the read of a page opened from it. */
export const RECENT_ANSWER_MS = 30_000;

type Ahead = { response: Promise<Response | undefined>; started: number };

const ahead = new Map<string, Ahead>();

/** The answers of reads started ahead that have not come yet, taken or not. */
const unanswered = new Set<Promise<unknown>>();

/** The answers the pages got, by key: the body's text and when it came. */
const recent = new Map<string, { text: string; at: number }>();
/** Counts the changes: an answer read before one is not kept after it. */
let changes = 0;
/**
 * Marks an answer made from a kept one (ky hands its hooks a copy, so the mark is a header): taking
 * one keeps nothing anew, and its age stays the original's.
 */
const MADE_FROM_KEPT = 'X-Portal-Kept-Answer';

/** Drops every read ahead and every kept answer: something changed, or the session ended. */
function dropAll(): void {
  ahead.clear();
  recent.clear();
  changes += 1;
}

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
export function startReadAhead(path: string, { recentWithinMs = 0 }: { recentWithinMs?: number } = {}): void {
  const key = keyOf(path);
  const now = Date.now();
  if (fresh(ahead.get(key), now)) return;
  const kept = recent.get(key);
  if (kept && now - kept.at < Math.min(recentWithinMs, RECENT_ANSWER_MS)) {
    const answer = new Response(kept.text, {
      status: 200,
      headers: { 'Content-Type': 'application/json', [MADE_FROM_KEPT]: '1' },
    });
    ahead.set(key, { response: Promise.resolve(answer), started: now });
    return;
  }
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

/**
 * Keeps `body` as the answer a page got for `path` (the answers that came with the page; those of the
 * api are kept by {@link keepRecentAnswer}).
 */
export function noteRecentAnswer(path: string, body: unknown): void {
  if (typeof window === 'undefined') return;
  recent.set(keyOf(path), { text: JSON.stringify(body), at: Date.now() });
}

/** Drops every read started ahead and every answer kept (the session ended: they were the previous student's). */
export function forgetReadsAhead(): void {
  dropAll();
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
    dropAll();
    return undefined;
  }
  const key = keyOf(request.url);
  const entry = ahead.get(key);
  ahead.delete(key);
  if (!fresh(entry, Date.now())) return undefined;
  return (await entry.response) ?? undefined;
};

/** ky hook: keeps the JSON answer of a GET as the answer a page got (see {@link RECENT_ANSWER_MS}). */
export const keepRecentAnswer: AfterResponseHook = (request, _options, response) => {
  if (typeof window === 'undefined' || request.method !== 'GET' || !response.ok) return;
  if (response.headers.has(MADE_FROM_KEPT) || !/json/i.test(response.headers.get('Content-Type') ?? ''))
    return;
  const key = keyOf(request.url);
  const at = Date.now();
  const before = changes;
  response
    .clone()
    .text()
    .then(
      (text) => {
        if (changes === before) recent.set(key, { text, at });
      },
      () => undefined,
    );
};
