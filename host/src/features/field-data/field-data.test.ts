import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemotePages, registerPortalRemotes } from '../remotes/remote-pages';
import {
  FIELD_DATA_URL,
  fieldDataPlugin,
  listenForErrors,
  noteBoundaryError,
  notePageView,
  noteVital,
  resetFieldData,
  sendNotedEventsTo,
  showingPage,
} from './field-data';
import type { NotedEvent } from './field-data';
import { startSending } from './send-field-data';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const STABLE = 'http://stable.example/mf-manifest.json';
const CANARY = 'http://canary.example/mf-manifest.json';

beforeEach(() => {
  resetFieldData();
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
});

describe('field data', () => {
  it('should keep what happened before the sender came, and say whether the remote is on its canary', () => {
    registerPortalRemotes(
      { billing: CANARY, account: 'http://account.example/mf-manifest.json' },
      { billing: STABLE },
    );
    showingPage('invoices', 'billing');
    noteBoundaryError(new Error('broken'), 'billing');
    notePageView('invoices', 'billing');
    notePageView('profile', 'account');
    const events: NotedEvent[] = [];
    sendNotedEventsTo((event) => events.push(event));
    noteVital('LCP', 1234);
    expect(events).toEqual([
      { type: 'error', kind: 'boundary', route: 'invoices', remote: 'billing', canary: true },
      { type: 'view', route: 'invoices', remote: 'billing', canary: true },
      { type: 'view', route: 'profile', remote: 'account', canary: false },
      // The vitals are the load's: the page the browser opened.
      { type: 'vital', name: 'LCP', value: 1234, route: 'invoices', remote: 'billing', canary: true },
    ]);
  });

  it('should note an error caught by two boundaries once, and uncaught errors and rejections', () => {
    const events: NotedEvent[] = [];
    sendNotedEventsTo((event) => events.push(event));
    notePageView('home', 'host');
    const error = new Error('page failed');
    noteBoundaryError(error, 'host');
    noteBoundaryError(error);
    const target = new EventTarget() as unknown as Window;
    listenForErrors(target);
    target.dispatchEvent(new Event('error'));
    target.dispatchEvent(new Event('unhandledrejection'));
    expect(
      events.filter((event) => event.type === 'error').map((event) => 'kind' in event && event.kind),
    ).toEqual(['boundary', 'error', 'rejection']);
  });

  it("should note a page's code that could not be fetched as a remote load, once", () => {
    const events: NotedEvent[] = [];
    sendNotedEventsTo((event) => events.push(event));
    const error = new Error('Loading chunk page-invoices failed.');
    noteBoundaryError(error, 'billing', 'remote-load');
    noteBoundaryError(error);
    expect(events).toEqual([
      expect.objectContaining({ type: 'error', kind: 'remote-load', remote: 'billing' }),
    ]);
  });

  it('should send what waits as it is when the page is left before the sender started', () => {
    registerPortalRemotes({ billing: STABLE });
    const beacons: Array<{ url: string; body: string }> = [];
    const target = new EventTarget() as unknown as Window;
    listenForErrors(target, (url, body) => beacons.push({ url, body }) > 0);
    notePageView('invoices', 'billing');
    target.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(FIELD_DATA_URL);
    expect(JSON.parse(beacons[0]?.body ?? '')).toEqual({
      events: [{ type: 'view', route: 'invoices', remote: 'billing', canary: false, release: 'unknown' }],
    });
  });

  it('should note a remote that failed to load through the federation runtime hook, and let it fail', () => {
    const events: NotedEvent[] = [];
    sendNotedEventsTo((event) => events.push(event));
    const hook = fieldDataPlugin().errorLoadRemote as unknown as (args: object) => unknown;
    expect(
      hook({
        id: 'billing/pages',
        error: new Error('down'),
        lifecycle: 'onLoad',
        remote: { name: 'billing' },
      }),
    ).toBe(undefined);
    hook({ id: 'billing/pages', error: new Error('down'), lifecycle: 'beforeRequest' });
    expect(events).toEqual([
      expect.objectContaining({ type: 'error', kind: 'remote-load', remote: 'billing' }),
    ]);
  });

  it('should load the stable release when the canary fails to load, for the rest of the page view', async () => {
    registerPortalRemotes({ billing: CANARY }, { billing: STABLE });
    const pages = { invoices: () => null };
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('canary down')).mockResolvedValueOnce({ pages });
    await expect(loadRemotePages('billing')).resolves.toBe(pages);
    expect(jest.mocked(registerRemotes)).toHaveBeenLastCalledWith([{ name: 'billing', entry: STABLE }], {
      force: true,
    });
  });
});

describe('sending field data', () => {
  it('should send events in a beacon with the release of the manifest the runtime read for each remote', async () => {
    jest.useFakeTimers();
    try {
      registerPortalRemotes({ billing: CANARY }, { billing: STABLE });
      const beacons: Array<{ url: string; body: unknown }> = [];
      const fetchImpl = jest.fn() as unknown as typeof fetch;
      // The federation runtime reads the canary's manifest.
      const snapshot = fieldDataPlugin().loadRemoteSnapshot as unknown as (args: object) => unknown;
      const args = {
        manifestUrl: CANARY,
        manifestJson: { metaData: { buildInfo: { buildVersion: '0.2.0-rc.1' } } },
      };
      expect(snapshot(args)).toBe(args);
      notePageView('invoices', 'billing');
      startSending({
        manifestOf: () => CANARY,
        fetchImpl,
        beacon: (url, body) => beacons.push({ url, body: JSON.parse(body) }) > 0,
      });
      notePageView('home', 'host');
      await jest.advanceTimersByTimeAsync(2_000);
      // No request of its own for the release.
      expect(fetchImpl).not.toHaveBeenCalled();
      expect(beacons).toEqual([
        {
          url: FIELD_DATA_URL,
          body: {
            events: [
              { type: 'view', route: 'invoices', remote: 'billing', canary: true, release: '0.2.0-rc.1' },
              { type: 'view', route: 'home', remote: 'host', canary: false, release: 'host' },
            ],
          },
        },
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('should name no release for a remote whose manifest the page has not read', () => {
    registerPortalRemotes({ billing: STABLE });
    const beacons: string[] = [];
    const flush = startSending({ manifestOf: () => STABLE, beacon: (_url, body) => beacons.push(body) > 0 });
    notePageView('invoices', 'billing');
    flush();
    expect(JSON.parse(beacons[0] ?? '')).toEqual({
      events: [{ type: 'view', route: 'invoices', remote: 'billing', canary: false, release: 'unknown' }],
    });
  });

  it('should send at once when the page is hidden, and fall back to fetch when the beacon is refused', async () => {
    const fetchImpl = jest.fn(async () => new Response(null, { status: 204 })) as unknown as typeof fetch;
    const flush = startSending({ manifestOf: () => undefined, fetchImpl, beacon: () => false });
    notePageView('home', 'host');
    flush();
    expect(fetchImpl).toHaveBeenCalledWith(
      FIELD_DATA_URL,
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });
});
