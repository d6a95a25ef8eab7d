import { startTransition, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { forgetPreloadedAnswer, preloadedAnswer } from './preloaded-answers';

/** What {@link useApiResource} reports: loading, failed, or the loaded data. */
export type ApiResourceState<T> =
  { status: 'loading' } | { status: 'error' } | { status: 'success'; data: T };

/** The values a load depends on (ids and the like): a change loads again. */
export type ApiResourceDeps = readonly (string | number | boolean | null | undefined)[];

/** Result of {@link useApiResource}. */
export type UseApiResourceResult<T> = {
  state: ApiResourceState<T>;
  /** Loads again (e.g. from the retry button of an error message). */
  retry: () => void;
};

const LOADING = { status: 'loading' } as const;

/**
 * An answer that may have come with the page (see ./preloaded-answers.ts): the api path the page
 * reads first, and how its body becomes the page's data (the same check `load` makes; a body it
 * refuses by throwing is left for `load` to fetch again).
 */
export type PreloadedRead<T> = { path: string; read: (body: unknown) => T };

function readPreloaded<T>(preloaded: PreloadedRead<T> | undefined): { data: T } | undefined {
  const answer = preloaded && preloadedAnswer(preloaded.path);
  if (!answer) return undefined;
  try {
    return { data: preloaded.read(answer.body) };
  } catch {
    return undefined;
  }
}

/**
 * Loads one API resource for a page: `load` runs on mount, whenever a value in `deps` changes and
 * on `retry`; the previous request is aborted then and on unmount. A failure becomes
 * `{ status: 'error' }`: the page shows its own message, while the http client has already dealt
 * with a 401 (back to login) or a 500 (incident alert). A failed load is tried again by itself when
 * the browser comes back online. Until the current request settles the
 * state is `loading`, so data of other `deps` is never shown.
 *
 * With `preloaded`, an answer that came with the page (./preloaded-answers.ts) is the data of the
 * first render, without a request and without a loading state; it is forgotten once the page has
 * mounted, so a later visit loads again.
 *
 * @param load - Fetches the resource; it gets the signal that aborts it.
 * @param deps - Primitive values `load` depends on, compared by value.
 * @param preloaded - The path of an answer that may have come with the page, and how to read it.
 */
export function useApiResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: ApiResourceDeps,
  preloaded?: PreloadedRead<T>,
): UseApiResourceResult<T> {
  const [attempt, setAttempt] = useState(0);
  // The state is tagged with the request it answers, so that a change of deps shows `loading`
  // at once instead of the data of the previous request.
  const key = JSON.stringify([...deps, attempt]);
  const [settled, setSettled] = useState<{ key: string; state: ApiResourceState<T> } | null>(() => {
    const found = readPreloaded(preloaded);
    return found ? { key, state: { status: 'success', data: found.data } } : null;
  });
  // The request the preloaded answer stands for is not made again.
  const answered = useRef(settled ? key : null);
  // `load` is usually an inline closure; only `key` decides when to load again.
  const start = useEffectEvent((signal: AbortSignal) => load(signal));
  const preloadedPath = preloaded?.path;

  useEffect(() => {
    if (preloadedPath !== undefined) forgetPreloadedAnswer(preloadedPath);
  }, [preloadedPath]);

  useEffect(() => {
    if (answered.current === key) {
      answered.current = null;
      return undefined;
    }
    const controller = new AbortController();
    start(controller.signal).then(
      // A transition: React renders what the data brings (a list of cards, a table) in slices and
      // yields between them, so a phone's main thread is never blocked by it (Total Blocking Time).
      (data) => startTransition(() => setSettled({ key, state: { status: 'success', data } })),
      () => {
        // An abort is the page going away or a newer request taking over.
        if (!controller.signal.aborted) setSettled({ key, state: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [key]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const state = settled?.key === key ? settled.state : LOADING;
  const failed = state.status === 'error';

  useEffect(() => {
    if (!failed) return undefined;
    // A load that failed while the device was offline is tried again once it is back online.
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);

  return { state, retry };
}
