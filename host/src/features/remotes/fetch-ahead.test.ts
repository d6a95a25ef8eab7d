import { preloadRemote } from '@module-federation/enhanced/runtime';
import {
  forgetPreloadedAnswer,
  forgetReadsAhead,
  hasReadAhead,
  keepPreloadedAnswer,
  noteRecentAnswer,
} from '@portal/shared';
import {
  FETCH_AHEAD_MARK,
  noteSaveData,
  preloadRemotesWhenIdle,
  savesData,
  startRouteReads,
} from './fetch-ahead';

jest.mock('@module-federation/enhanced/runtime', () => ({
  preloadRemote: jest.fn(() => Promise.resolve()),
}));

const mockedPreload = jest.mocked(preloadRemote);

function setSaveData(value: boolean | undefined): void {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: value === undefined ? undefined : { saveData: value },
  });
}

const mark = jest.fn();

describe('fetching ahead', () => {
  const originalFetch = globalThis.fetch;

  beforeEach(() => {
    mockedPreload.mockClear();
    noteSaveData(false);
    setSaveData(undefined);
    // jsdom's performance has no marks.
    Object.defineProperty(performance, 'mark', { configurable: true, value: mark });
    mark.mockClear();
    globalThis.fetch = jest.fn(() => Promise.resolve(new Response('[]')));
  });

  afterEach(() => {
    globalThis.fetch = originalFetch;
    forgetReadsAhead();
    forgetPreloadedAnswer();
  });

  it('should preload, once idle, the manifest, entry and pages of each remote not loaded yet', async () => {
    const failed = jest.fn();
    await preloadRemotesWhenIdle(
      ['account', 'insurance', 'billing'],
      (remote) => remote === 'insurance',
      failed,
    );
    expect(mockedPreload.mock.calls).toEqual([
      [[{ nameOrAlias: 'account', exposes: ['./pages'], resourceCategory: 'sync' }]],
      [[{ nameOrAlias: 'billing', exposes: ['./pages'], resourceCategory: 'sync' }]],
    ]);
    expect(mark).toHaveBeenCalledWith(FETCH_AHEAD_MARK);
    expect(failed).not.toHaveBeenCalled();
  });

  it('should hand a remote whose preload failed back, so that its next load asks afresh', async () => {
    mockedPreload.mockRejectedValueOnce(new Error('preloadRemote failed to load 1 resource(s).'));
    const failed = jest.fn();
    await preloadRemotesWhenIdle(['billing'], () => false, failed);
    expect(failed).toHaveBeenCalledWith('billing');
  });

  it.each([
    ['the page request said Save-Data: on', () => noteSaveData(true)],
    ['navigator.connection.saveData is true', () => setSaveData(true)],
  ])('should fetch nothing ahead when %s', async (_case, ask) => {
    ask();
    expect(savesData()).toBe(true);
    await preloadRemotesWhenIdle(['account', 'billing'], () => false, jest.fn());
    expect(mockedPreload).not.toHaveBeenCalled();
    expect(mark).not.toHaveBeenCalled();
  });

  it('should start a route’s declared reads for the student, except those that came with the page', () => {
    keepPreloadedAnswer('api/en/profiles/P%201/policies', []);
    startRouteReads(['api/en/profiles/{profileId}', 'api/en/profiles/{profileId}/policies'], 'P 1');
    expect(hasReadAhead('api/en/profiles/P%201')).toBe(true);
    expect(hasReadAhead('api/en/profiles/P%201/policies')).toBe(false);
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('should let a page beneath another take the answer a page got moments before, and only such a page', () => {
    noteRecentAnswer('api/en/profiles/P-1/policies', [{ policyId: 'P-1001-2' }]);
    startRouteReads(
      ['api/en/profiles/{profileId}/policies'],
      'P-1',
      { policyId: 'P-1001-2' },
      { subPage: true },
    );
    expect(hasReadAhead('api/en/profiles/P-1/policies')).toBe(true);
    expect(globalThis.fetch).not.toHaveBeenCalled();
    forgetReadsAhead();
    noteRecentAnswer('api/en/profiles/P-1/policies', [{ policyId: 'P-1001-2' }]);
    startRouteReads(['api/en/profiles/{profileId}/policies'], 'P-1');
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('should fill a sub-route’s reads with the parameters the navigation matched', () => {
    startRouteReads(['api/en/profiles/{profileId}/policies', 'api/en/policies/{policyId}'], 'P-1', {
      policyId: 'P-1001-2',
    });
    expect(hasReadAhead('api/en/profiles/P-1/policies')).toBe(true);
    expect(hasReadAhead('api/en/policies/P-1001-2')).toBe(true);
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    '..',
    '.',
    '../checksession',
    '%2F..%2Fchecksession',
    'a/b',
    'a\u0000b',
    'a\nb',
    '\ud800',
    undefined,
  ])('should read ahead nothing that names the parameter %j, and still what does not', (policyId) => {
    startRouteReads(['api/en/profiles/{profileId}/policies', 'api/en/policies/{policyId}'], 'P-1', {
      policyId,
    });
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    expect(String(jest.mocked(globalThis.fetch).mock.calls[0]?.[0])).toBe(
      'http://localhost/api/en/profiles/P-1/policies',
    );
  });

  it('should start nothing without a student or without declared reads', () => {
    startRouteReads(['api/en/profiles/{profileId}'], null);
    startRouteReads(undefined, 'P-1');
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
