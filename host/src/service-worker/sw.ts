/// <reference lib="webworker" />
// The portal's service worker (scope /en/): keeps what the emergency page needs so that a student's
// Emergency Pass opens without a network. The rules per URL are in ./routing-rules.ts; it never keeps
// an API response, and it asks the network first for everything that says which build to load.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { Strategy as WorkboxStrategy } from 'workbox-strategies';

import { isTokenPage } from '@portal/shared/token-pages';
import { readKeepOfflineRequest, remotePageUrls, SCOPE_PATH, strategyFor } from './routing-rules';
import type { KeepOfflineRequest, Origins, Strategy } from './routing-rules';

declare const self: ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'portal-';
const PAGES = `${CACHE_PREFIX}pages-v1`;
const METADATA = `${CACHE_PREFIX}metadata-v1`;
const ASSETS = `${CACHE_PREFIX}assets-v1`;
const CURRENT = new Set([PAGES, METADATA, ASSETS]);
const RUNTIME_CONFIG = new URL(`${SCOPE_PATH}remotes.json`, self.location.origin).href;

// The remotes answer with `Vary: Origin, Accept-Encoding` (CORS, compression). A copy the worker
// fetched itself must still serve the page's own request for the same URL, whose headers the Cache API
// would otherwise compare; every copy here is for this one origin.
const matchOptions: CacheQueryOptions = { ignoreVary: true };

let origins: Origins = { host: self.location.origin, remotes: [] };

type RuntimeConfig = { remotes: Record<string, string | undefined> };
function readRuntimeConfig(value: unknown): RuntimeConfig | undefined {
  if (typeof value !== 'object' || value === null || !('remotes' in value)) return undefined;
  const { remotes } = value;
  if (typeof remotes !== 'object' || remotes === null) return undefined;
  return {
    remotes: Object.fromEntries(
      Object.entries(remotes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  };
}

function learnOrigins(config: RuntimeConfig): void {
  const remotes = Object.values(config.remotes).flatMap((url) => {
    try {
      return url ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  origins = { host: self.location.origin, remotes: [...new Set(remotes)] };
}

// After a restart the worker knows the remotes' origins from the runtime config it kept.
const originsKnown = caches
  .open(METADATA)
  .then((cache) => cache.match(RUNTIME_CONFIG, matchOptions))
  .then(async (response) => {
    const config = response ? readRuntimeConfig(await response.json()) : undefined;
    if (config) learnOrigins(config);
  })
  .catch(() => undefined);

const pages = new NetworkFirst({
  cacheName: PAGES,
  matchOptions,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    // One copy per page, whatever its query (a tracking parameter must not make another copy).
    { cacheKeyWillBeUsed: async ({ request }) => pageKey(request.url) },
    new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true }),
  ],
});
const metadata = new NetworkFirst({
  cacheName: METADATA,
  matchOptions,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 50 })],
});
const assets = new CacheFirst({
  cacheName: ASSETS,
  matchOptions,
  plugins: [
    {
      // A remote's script loaded by a script tag would come back opaque, its status unreadable, and a
      // failed answer could be kept for weeks. The worker asks with CORS instead (the remotes allow
      // the host's origin), so only a real 200 is kept.
      requestWillFetch: async ({ request }) =>
        request.mode === 'no-cors' && new URL(request.url).origin !== self.location.origin
          ? new Request(request.url, { mode: 'cors', credentials: 'omit' })
          : request,
    },
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
const STRATEGIES: Record<Exclude<Strategy, 'network-only'>, WorkboxStrategy> = {
  page: pages,
  'network-first': metadata,
  'cache-first': assets,
};

function pageKey(url: string): string {
  const key = new URL(url);
  key.search = '';
  key.hash = '';
  return key.href;
}

const strategyOf = (request: Request): Strategy =>
  strategyFor({ url: request.url, method: request.method, mode: request.mode }, origins);

registerRoute(({ request }) => strategyOf(request) === 'page', {
  handle: async (options) => {
    await originsKnown;
    return pages.handle(options);
  },
});
registerRoute(({ request }) => strategyOf(request) === 'network-first', metadata);
registerRoute(({ request }) => strategyOf(request) === 'cache-first', assets);
// Everything else, every API call included, is not routed: the browser fetches it as without a worker.

/** A request the worker makes itself: a remote's files with CORS, so their copies are readable. */
function ownRequest(url: string): Request {
  return new URL(url).origin === self.location.origin
    ? new Request(url, { credentials: 'same-origin' })
    : new Request(url, { mode: 'cors', credentials: 'omit' });
}

/** Fetches and keeps one URL with the strategy its rule names; false when it is not kept. */
async function keep(event: ExtendableEvent, url: string): Promise<boolean> {
  const request = ownRequest(url);
  const rule = strategyOf(request);
  if (rule === 'network-only' || rule === 'page') return false;
  try {
    const response = await STRATEGIES[rule].handle({ event, request });
    return response.ok;
  } catch {
    return false;
  }
}

async function fetchJson(event: ExtendableEvent, url: string): Promise<unknown> {
  const response = await metadata.handle({ event, request: ownRequest(url) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Keeps a page for use without a network: the page itself (as the host server renders it, with its
 * start data), the host's start-up files (`startup-assets.json`), the runtime config, and from the
 * remote that serves it what its build publishes for that page. The lists are read at run time, so
 * the worker holds no file name of any build.
 */
async function keepPage(event: ExtendableEvent, request: KeepOfflineRequest): Promise<boolean> {
  const page = await fetch(request.page, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!page.ok) return false;
  await (await caches.open(PAGES)).put(pageKey(request.page), page);

  const config = readRuntimeConfig(await fetchJson(event, RUNTIME_CONFIG));
  if (!config) return false;
  learnOrigins(config);

  const hostBase = new URL(SCOPE_PATH, self.location.origin);
  const startup = (await fetchJson(event, new URL('startup-assets.json', hostBase).href)) as {
    js?: unknown;
    css?: unknown;
  };
  const hostFiles = [startup.js, startup.css]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter((file): file is string => typeof file === 'string')
    .map((file) => new URL(file, hostBase).href);
  // The icons the page draws (the phone beside the 24/7 number) and its favicon.
  const hostImages = ['assets/icons.svg', 'favicon.svg'].map((file) => new URL(file, hostBase).href);

  const remoteFiles: string[] = [];
  const manifestUrl = request.remote ? config.remotes[request.remote] : undefined;
  if (manifestUrl) {
    const manifest = await fetchJson(event, manifestUrl);
    const pageAssets = request.pageChunk
      ? await fetchJson(event, new URL('page-assets.json', manifestUrl).href).catch(() => undefined)
      : undefined;
    remoteFiles.push(...remotePageUrls({ manifestUrl, manifest, pageAssets, pageChunk: request.pageChunk }));
  }
  // Every remote's route table: the host needs them all before its first navigation.
  const routeTables = Object.values(config.remotes).flatMap((url) =>
    url ? [new URL('routes.json', url).href] : [],
  );

  const required = await Promise.all([...hostFiles, ...remoteFiles].map((url) => keep(event, url)));
  await Promise.all([...hostImages, ...routeTables, ...request.urls].map((url) => keep(event, url)));
  return required.every(Boolean);
}

self.addEventListener('message', (event) => {
  const request = readKeepOfflineRequest(event.data, self.location.origin);
  if (!request) return;
  const port = event.ports[0];
  event.waitUntil(
    // The page that asks is taken in charge first, if the worker's start did not: what it loads from
    // now on (the texts of a language she switches to) is kept as it comes.
    self.clients
      .claim()
      .then(() => keepPage(event, request))
      .then(
        (kept) => port?.postMessage(kept),
        () => port?.postMessage(false),
      ),
  );
});

// A new worker takes over at once: it keeps no state of its own, and the rules above never serve
// an old build's manifests while the network answers.
self.addEventListener('install', () => void self.skipWaiting());
// Pages with a mailed token that an older worker kept are dropped: the token must not stay behind.
async function forgetTokenPages(): Promise<void> {
  const cache = await caches.open(PAGES);
  const kept = await cache.keys();
  await Promise.all(
    kept
      .filter((request) => isTokenPage(new URL(request.url).pathname))
      .map((request) => cache.delete(request)),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(CACHE_PREFIX) && !CURRENT.has(name))
              .map((name) => caches.delete(name)),
          ),
        ),
      forgetTokenPages(),
    ]),
  );
});
clientsClaim();
