/**
 * @jest-environment jest-fixed-jsdom
 */
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import type { FetchMock } from '../testing/mock-fetch';
import { http } from './http';
import {
  forgetReadsAhead,
  hasReadAhead,
  READ_AHEAD_TTL_MS,
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
});
