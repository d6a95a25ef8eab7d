/**
 * @jest-environment jest-fixed-jsdom
 */
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import { http } from './http';
import {
  forgetReadsAhead,
  hasReadAhead,
  noteRecentAnswer,
  READ_AHEAD_TTL_MS,
  RECENT_ANSWER_MS,
  readsAheadAnswered,
  startReadAhead,
} from './reads-ahead';

describe('reads ahead', () => {
  let fetchMock: FetchMock | undefined;

  afterEach(() => {
    fetchMock?.restore();
    forgetReadsAhead();
    jest.useRealTimers();
  });

  it('should answer the page’s own GET of the same path with the read started ahead: one request', async () => {
    let answer!: (response: Response) => void;
    fetchMock = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    startReadAhead('api/en/profiles/P-1/invoices');
    expect(fetchMock.requests).toHaveLength(1);
    expect(fetchMock.requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(fetchMock.requests[0]?.credentials).toBe('same-origin');

    // The page asks while the read is still on its way, and gets its answer when it comes.
    const read = http.get('api/en/profiles/P-1/invoices').json();
    answer(jsonResponse([{ invoiceNumber: 'F-1' }]));
    await expect(read).resolves.toEqual([{ invoiceNumber: 'F-1' }]);
    expect(fetchMock.requests).toHaveLength(1);
  });

  it('should start a path once while it waits to be taken, and answer it once', async () => {
    fetchMock = mockFetch(() => jsonResponse({ n: fetchMock!.requests.length }));
    startReadAhead('api/en/profiles/P-1');
    startReadAhead('/api/en/profiles/P-1');
    expect(fetchMock.requests).toHaveLength(1);
    expect(hasReadAhead('api/en/profiles/P-1')).toBe(true);
    await expect(http.get('api/en/profiles/P-1').json()).resolves.toEqual({ n: 1 });
    expect(hasReadAhead('api/en/profiles/P-1')).toBe(false);
    // A later visit reads afresh.
    await expect(http.get('api/en/profiles/P-1').json()).resolves.toEqual({ n: 2 });
  });

  it('should leave other paths, other methods and a failed read to the network', async () => {
    let failNext = true;
    fetchMock = mockFetch((request) => {
      if (failNext && request.url.endsWith('/claims')) {
        failNext = false;
        throw new Error('offline');
      }
      return jsonResponse({ url: new URL(request.url).pathname, method: request.method });
    });
    startReadAhead('api/en/profiles/P-1/claims');
    startReadAhead('api/en/profiles/P-1/policies');
    await expect(http.get('api/en/profiles/P-1/invoices').json()).resolves.toEqual({
      url: '/api/en/profiles/P-1/invoices',
      method: 'GET',
    });
    await expect(http.post('api/en/profiles/P-1/policies').json()).resolves.toMatchObject({ method: 'POST' });
    // The read ahead failed: the page's request goes to the network and gets its answer.
    await expect(http.get('api/en/profiles/P-1/claims').json()).resolves.toEqual({
      url: '/api/en/profiles/P-1/claims',
      method: 'GET',
    });
    expect(fetchMock.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(
      [
        'GET /api/en/profiles/P-1/claims',
        'GET /api/en/profiles/P-1/policies',
        'GET /api/en/profiles/P-1/invoices',
        'POST /api/en/profiles/P-1/policies',
        'GET /api/en/profiles/P-1/claims',
      ],
    );
  });

  it('should drop the reads started before a change, so that a page opened after it reads afresh', async () => {
    fetchMock = mockFetch((request) =>
      jsonResponse({ n: fetchMock!.requests.length, method: request.method }),
    );
    startReadAhead('api/en/profiles/P-1/policies');
    await expect(http.post('api/en/policies/POL-1/addperiod').json()).resolves.toMatchObject({
      method: 'POST',
    });
    expect(hasReadAhead('api/en/profiles/P-1/policies')).toBe(false);
    await expect(http.get('api/en/profiles/P-1/policies').json()).resolves.toEqual({ n: 3, method: 'GET' });
    expect(fetchMock.requests).toHaveLength(3);
  });

  it('should say when every read started ahead has been answered, taken or not', async () => {
    const answers: Array<(response: Response) => void> = [];
    fetchMock = mockFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));
    startReadAhead('api/en/profiles/P-1/policies');
    startReadAhead('api/en/profiles/P-1/claims');
    const taken = http.get('api/en/profiles/P-1/policies').json();
    let answered = false;
    void readsAheadAnswered().then(() => (answered = true));
    answers[0]?.(jsonResponse([]));
    await taken;
    expect(answered).toBe(false);
    answers[1]?.(jsonResponse([]));
    await expect(readsAheadAnswered()).resolves.toBeUndefined();
  });

  it('should drop a read that nobody took in time', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    fetchMock = mockFetch(() => jsonResponse({ n: fetchMock!.requests.length }));
    startReadAhead('api/en/profiles/P-1');
    jest.setSystemTime(1_000_000 + READ_AHEAD_TTL_MS);
    expect(hasReadAhead('api/en/profiles/P-1')).toBe(false);
    jest.useRealTimers();
    await expect(http.get('api/en/profiles/P-1').json()).resolves.toEqual({ n: 2 });
  });

  describe('a page opened from one that has just shown the same read', () => {
    const POLICIES = 'api/en/profiles/P-1/policies';

    it('should take the answer a page got from the api, without a request', async () => {
      fetchMock = mockFetch(() => jsonResponse([{ id: fetchMock!.requests.length }]));
      await expect(http.get(POLICIES).json()).resolves.toEqual([{ id: 1 }]);
      // The answer is kept once its body has been read.
      await new Promise((resolve) => setTimeout(resolve, 0));
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      await expect(http.get(POLICIES).json()).resolves.toEqual([{ id: 1 }]);
      expect(fetchMock.requests).toHaveLength(1);
    });

    it('should take the answer that came with the page, and only once', async () => {
      fetchMock = mockFetch(() => jsonResponse({ from: 'api' }));
      noteRecentAnswer(`/${POLICIES}`, { from: 'page' });
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      expect(fetchMock.requests).toHaveLength(0);
      await expect(http.get(POLICIES).json()).resolves.toEqual({ from: 'page' });
      await expect(http.get(POLICIES).json()).resolves.toEqual({ from: 'api' });
    });

    it('should keep its age: taking it again later does not make it young', async () => {
      jest.useFakeTimers({
        now: 1_000_000,
        doNotFake: ['setTimeout', 'nextTick', 'setImmediate', 'queueMicrotask'],
      });
      fetchMock = mockFetch(() => jsonResponse({ from: 'api' }));
      noteRecentAnswer(POLICIES, { from: 'page' });
      jest.setSystemTime(1_000_000 + RECENT_ANSWER_MS - 1_000);
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      await expect(http.get(POLICIES).json()).resolves.toEqual({ from: 'page' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      jest.setSystemTime(1_000_000 + RECENT_ANSWER_MS);
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      expect(fetchMock.requests).toHaveLength(1);
    });

    it('should read afresh without recentWithinMs, or once the answer is older than that', async () => {
      jest.useFakeTimers({
        now: 1_000_000,
        doNotFake: ['setTimeout', 'nextTick', 'setImmediate', 'queueMicrotask'],
      });
      fetchMock = mockFetch(() => jsonResponse({ from: 'api' }));
      noteRecentAnswer(POLICIES, { from: 'page' });
      startReadAhead(POLICIES);
      expect(fetchMock.requests).toHaveLength(1);
      await http.get(POLICIES).json();
      noteRecentAnswer(POLICIES, { from: 'page' });
      jest.setSystemTime(1_000_000 + 5_000);
      startReadAhead(POLICIES, { recentWithinMs: 5_000 });
      expect(fetchMock.requests).toHaveLength(2);
    });

    it('should drop every kept answer on a change, and on the end of the session', async () => {
      fetchMock = mockFetch((request) => jsonResponse({ method: request.method }));
      noteRecentAnswer(POLICIES, { from: 'page' });
      await http.post('api/en/policies/POL-1/addperiod').json();
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      expect(fetchMock.requests).toHaveLength(2);
      await http.get(POLICIES).json();

      noteRecentAnswer(POLICIES, { from: 'page' });
      forgetReadsAhead();
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      expect(fetchMock.requests).toHaveLength(3);
    });

    it('should not keep an answer whose body is read after a change, nor a failed one', async () => {
      let answer!: (response: Response) => void;
      fetchMock = mockFetch((request) =>
        request.method === 'GET' && request.url.endsWith('/claims')
          ? jsonResponse({ message: 'no' }, 500)
          : request.method === 'GET'
            ? new Promise<Response>((resolve) => (answer = resolve))
            : jsonResponse({}),
      );
      const read = http.get(POLICIES);
      await new Promise((resolve) => setTimeout(resolve, 0));
      answer(jsonResponse({ old: true }));
      const response = await read;
      await http.post('api/en/policies/POL-1/addperiod').json();
      await response.json();
      await new Promise((resolve) => setTimeout(resolve, 0));
      startReadAhead(POLICIES, { recentWithinMs: RECENT_ANSWER_MS });
      expect(fetchMock.requests.filter((request) => request.method === 'GET')).toHaveLength(2);
    });
  });
});
