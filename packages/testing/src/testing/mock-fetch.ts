/** Answers one request made through `fetch` in a unit test. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** What {@link mockFetch} gives back: the requests seen so far and a way to restore `fetch`. */
export type FetchMock = {
  /** Every request the code under test sent, in order (clones: bodies can still be read). */
  requests: Request[];
  /** Puts the previous `fetch` back. */
  restore: () => void;
};

/**
 * Replaces `globalThis.fetch` for a ky or urql unit test. The handler receives a real `Request`
 * and returns a `Response` (see {@link jsonResponse}); a throwing handler looks like a network
 * failure. Needs a test environment with the fetch globals (`jest-fixed-jsdom`).
 */
export function mockFetch(handler: FetchHandler): FetchMock {
  const previous = globalThis.fetch;
  const requests: Request[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // Browsers resolve a relative URL against the page; Node's Request does not.
    const url = typeof input === 'string' ? new URL(input, window.location.href).href : input;
    const request = new Request(url, init);
    requests.push(request.clone());
    try {
      return await handler(request);
    } catch (error) {
      throw new TypeError('Failed to fetch', { cause: error });
    }
  };
  return {
    requests,
    restore: () => {
      globalThis.fetch = previous;
    },
  };
}

/** A JSON `Response` with the given status (default 200) and extra headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** An empty `Response` with the given status, e.g. 204. */
export function emptyResponse(status: number): Response {
  return new Response(null, { status });
}
