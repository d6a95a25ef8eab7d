/**
 * The api answers a page's first render can use at once: the reads its route declares
 * (`preloadApi`), fetched before the page renders. In the browser the host's start-up fetches them
 * beside the page's code (the server has linked them as preloads, so that is the preloaded answer),
 * and on the remote's server the frame renderer gets them from the host server with the request. A
 * page that finds its answer here renders its data in its first render instead of a loading state,
 * so the server's frame and the browser's first render show the same cards.
 *
 * An answer is read once: the page forgets it when it has mounted (see `useApiResource`), so that
 * coming back to the page later loads the data again rather than showing what the start-up saw.
 */
const answers = new Map<string, unknown>();

/** Keeps `body` as the answer of `path` (`api/en/…`, without a leading slash) for the first render. */
export function keepPreloadedAnswer(path: string, body: unknown): void {
  answers.set(normalise(path), body);
}

/** The answer kept for `path`, if any; it stays kept until {@link forgetPreloadedAnswer}. */
export function preloadedAnswer(path: string): { body: unknown } | undefined {
  const key = normalise(path);
  return answers.has(key) ? { body: answers.get(key) } : undefined;
}

/** Forgets the answer of `path`, or every answer without one. */
export function forgetPreloadedAnswer(path?: string): void {
  if (path === undefined) answers.clear();
  else answers.delete(normalise(path));
}

function normalise(path: string): string {
  return path.replace(/^\/+/, '');
}
