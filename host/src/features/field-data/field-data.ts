// What each page view does in the student's browser, for the remotes' teams (docs/operations.md,
// "Field data"): page views, uncaught errors and unhandled rejections, remotes that failed to load and
// pages that failed (their error boundary), each with the route, the remote that owns the page and
// whether the browser is on that remote's canary. This part is in the start-up code, so that an error
// in the first render is not missed; it only notes events. The part that sends them, with the web
// vitals, is loaded once the page is idle (./send-field-data.ts).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isRemoteName } from '../../app/runtime-config-shape';
import type { RemoteName } from '../../app/runtime-config-shape';
import { isOnCanary } from '../remotes/remote-pages';

/** The owner of a page: a remote, or the host for its own pages. */
export type PageOwner = RemoteName | 'host';

/** The kinds of error reported. */
export type ErrorKind = 'error' | 'rejection' | 'remote-load' | 'boundary';

/** An event as noted, before its release is known. */
export type NotedEvent =
  | { type: 'view'; route: string; remote: PageOwner; canary: boolean }
  | { type: 'error'; route: string; remote: PageOwner; canary: boolean; kind: ErrorKind }
  | {
      type: 'vital';
      route: string;
      remote: PageOwner;
      canary: boolean;
      name: 'LCP' | 'INP' | 'CLS' | 'TTFB';
      value: number;
    };

/** The host's endpoint for field data. */
export const FIELD_DATA_URL = '/en/rum';

/** Events in one report (the host takes up to 30). */
export const REPORT_BATCH = 30;

/** The release an event names when the page could not learn it: the host counts the one it served. */
export const UNKNOWN_RELEASE = 'unknown';

/** At most this many events wait for the sender; a page that throws in a loop cannot grow memory. */
const MAX_WAITING = 200;

let current: { route: string; remote: PageOwner } = { route: 'start', remote: 'host' };
let landing: { route: string; remote: PageOwner } | undefined;
const waiting: NotedEvent[] = [];
let sink: ((event: NotedEvent) => void) | undefined;

const onCanary = (remote: PageOwner) => remote !== 'host' && isOnCanary(remote);

function note(event: NotedEvent): void {
  if (sink) sink(event);
  else if (waiting.length < MAX_WAITING) waiting.push(event);
}

/** A route name as the report carries it: letters, digits, `/`, `-` and `_` only. */
const routeName = (name: string | undefined) =>
  (name ?? '').replace(/[^\w/-]/g, '').slice(0, 100) || 'unnamed';

/**
 * The page now shown: the page at `route`, owned by `remote`; later events are its own. Set as the
 * page renders (idempotent), so that an error of its first render is the page's.
 */
export function showingPage(route: string | undefined, remote: PageOwner): void {
  current = { route: routeName(route), remote };
  landing ??= current;
}

/** A page view of the page now shown (once the page has rendered, whether it worked or failed). */
export function notePageView(route: string | undefined, remote: PageOwner): void {
  showingPage(route, remote);
  note({ type: 'view', ...current, canary: onCanary(remote) });
}

const boundaryErrors = new WeakSet<object>();

/**
 * An error an error boundary caught: noted once, by the first boundary that caught it (as `kind`: a
 * page's code that could not be fetched is a `remote-load`).
 */
export function noteBoundaryError(error: unknown, remote?: PageOwner, kind: ErrorKind = 'boundary'): void {
  if (typeof error === 'object' && error !== null) {
    if (boundaryErrors.has(error)) return;
    boundaryErrors.add(error);
  }
  noteError(kind, remote);
}

/** An error on the current page (or in `remote`'s part of it). `canary` when it is known already. */
export function noteError(kind: ErrorKind, remote: PageOwner = current.remote, canary?: boolean): void {
  note({ type: 'error', route: current.route, remote, kind, canary: canary ?? onCanary(remote) });
}

/** A web vital of the page the browser opened (the vitals measure that load). */
export function noteVital(name: 'LCP' | 'INP' | 'CLS' | 'TTFB', value: number): void {
  const page = landing ?? current;
  note({ type: 'vital', ...page, canary: onCanary(page.remote), name, value });
}

/** Hands the noted events, those waiting and every later one, to the sender. */
export function sendNotedEventsTo(send: (event: NotedEvent) => void): void {
  sink = send;
  for (const event of waiting.splice(0)) send(event);
}

/**
 * A page left before its sender started (a short visit, a page that failed at once): what waits is
 * sent as it is, without the releases, which the host then takes from what it served.
 */
function sendWaiting(beacon: (url: string, body: string) => boolean): void {
  if (sink) return;
  while (waiting.length > 0) {
    const events = waiting.splice(0, REPORT_BATCH).map((event) => ({ ...event, release: UNKNOWN_RELEASE }));
    beacon(FIELD_DATA_URL, JSON.stringify({ events }));
  }
}

/**
 * Notes uncaught errors and unhandled rejections from now on, and sends what waits when the page is
 * left before the sender has started.
 */
export function listenForErrors(
  target: Window = window,
  beacon: (url: string, body: string) => boolean = (url, body) => navigator.sendBeacon(url, body),
): void {
  target.addEventListener('error', () => noteError('error'));
  target.addEventListener('unhandledrejection', () => noteError('rejection'));
  target.addEventListener('pagehide', () => sendWaiting(beacon));
}

/** For tests: forgets the page, the waiting events and the sender. */
export function resetFieldData(): void {
  current = { route: 'start', remote: 'host' };
  landing = undefined;
  waiting.length = 0;
  sink = undefined;
  releases.clear();
}

/** The release (`buildVersion`) of each remote's manifest the page loaded, by manifest URL. */
const releases = new Map<string, string>();

/** The release of the build at a manifest URL, once the page has loaded its manifest. */
export function releaseAt(manifestUrl: string | undefined): string | undefined {
  return manifestUrl === undefined ? undefined : releases.get(manifestUrl);
}

type ManifestSnapshot = {
  manifestUrl?: string;
  manifestJson?: { metaData?: { buildInfo?: { buildVersion?: unknown } } };
};

/**
 * Module Federation runtime plugin: notes the release of each remote's manifest as the runtime reads
 * it (no request of its own), and a remote (its manifest, entry or module) that failed to load; then
 * the next plugin decides what the page shows. Registered before the others.
 */
export function fieldDataPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-field-data',
    loadRemoteSnapshot: (args) => {
      const { manifestUrl, manifestJson } = args as ManifestSnapshot;
      const version = manifestJson?.metaData?.buildInfo?.buildVersion;
      if (manifestUrl && typeof version === 'string' && /^[\w.+-]{1,40}$/.test(version))
        releases.set(manifestUrl, version);
      return args;
    },
    errorLoadRemote: ({ id, lifecycle, remote }) => {
      const name = remote?.name ?? id.split('/')[0];
      // Manifest and entry failures end in the 'onLoad' call too; noted once.
      if (lifecycle === 'onLoad') noteError('remote-load', isRemoteName(name) ? name : current.remote);
      return undefined;
    },
  };
}
