import { isTokenPage } from '@portal/shared/token-pages';

/**
 * How the service worker answers each request: a pure function of the URL, so the rules are tested
 * on their own (routing-rules.test.ts) and the worker only maps them onto Workbox strategies.
 *
 * - `page`: a navigation under /en/: network first (a new deployment is seen at the next navigation),
 *   the copy kept from the last one when there is no network.
 * - `network-first`: files with a fixed name that say what to load (the runtime config, the host's
 *   start-up list, the web app manifest, each remote's `mf-manifest.json`, `remoteEntry.js`,
 *   `routes.json` and `page-assets.json`): always from the network when there is one, so the worker
 *   never pins an old remote; the last copy only offline.
 * - `cache-first`: hashed assets (`name.0123abcd.js|css`) of the host and of the remotes: a new build
 *   has new names, so a kept copy is never stale.
 * - `network-only`: everything else, and above all every API response (`/api/*`, `/pacos`, the
 *   content endpoint) and every page whose URL carries a mailed token (activation, new password, e-mail
 *   confirmation, a letter's QR code), which the worker never keeps: a token stays out of Cache Storage.
 */

import { KEEP_OFFLINE_MESSAGE } from '@portal/shared/keep-offline-message';

export type Strategy = 'page' | 'network-first' | 'cache-first' | 'network-only';

/** The request as the rules see it. */
export type RequestFacts = { url: string; method: string; mode: string };

/** Where the portal's files come from: the host's origin and the remotes' origins (`/en/remotes.json`). */
export type Origins = { host: string; remotes: readonly string[] };

/** The host's path prefix; the worker's scope. */
export const SCOPE_PATH = '/en/';

const HASHED_ASSET = /\/assets\/[\w.-]+\.[0-9a-f]{8}\.(?:js|css)$/;
const HOST_METADATA = new Set([
  '/en/remotes.json',
  '/en/startup-assets.json',
  '/en/manifest.webmanifest',
  '/en/favicon.svg',
  '/en/assets/icons.svg',
]);
const REMOTE_METADATA = /\/(?:mf-manifest\.json|remoteEntry\.js|routes\.json|page-assets\.json)$/;
const NEVER_KEPT = /^\/(?:api(?:\/|$)|pacos(?:\/|$)|sitecore(?:\/|$))/;

/** The strategy for a request; anything not named here goes to the network untouched. */
export function strategyFor(request: RequestFacts, origins: Origins): Strategy {
  if (request.method !== 'GET') return 'network-only';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network-only';
  }
  const { pathname } = url;
  if (url.origin === origins.host) {
    if (NEVER_KEPT.test(pathname)) return 'network-only';
    if (!pathname.startsWith(SCOPE_PATH)) return 'network-only';
    if (pathname === '/en/sw.js') return 'network-only';
    if (isTokenPage(pathname)) return 'network-only';
    if (request.mode === 'navigate') return 'page';
    if (HASHED_ASSET.test(pathname)) return 'cache-first';
    if (HOST_METADATA.has(pathname) || pathname.startsWith('/en/icons/')) return 'network-first';
    return 'network-only';
  }
  if (!origins.remotes.includes(url.origin) || request.mode === 'navigate') return 'network-only';
  if (REMOTE_METADATA.test(pathname)) return 'network-first';
  if (HASHED_ASSET.test(pathname)) return 'cache-first';
  return 'network-only';
}

/** What a remote's `mf-manifest.json` and `page-assets.json` say the browser loads for one page. */
export type RemoteFiles = { manifestUrl: string; manifest: unknown; pageAssets: unknown; pageChunk?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The URLs of a remote's page, as its build publishes them: `remoteEntry.js` and the `./pages`
 * module from `mf-manifest.json`, and the page's chunks from `page-assets.json` (every async chunk of
 * `./pages` when the page is not named there). Only URLs on the manifest's origin are returned.
 */
export function remotePageUrls({ manifestUrl, manifest, pageAssets, pageChunk }: RemoteFiles): string[] {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return [];
  const base = new URL('.', manifestUrl);
  const files: string[] = [];
  const entry = manifest.metaData.remoteEntry;
  if (isRecord(entry) && typeof entry.name === 'string') {
    const folder =
      typeof entry.path === 'string' && entry.path !== '' ? `${entry.path.replace(/\/$/, '')}/` : '';
    files.push(`${folder}${entry.name}`);
  }
  const pages = Array.isArray(manifest.exposes)
    ? manifest.exposes.find((expose: unknown) => isRecord(expose) && expose.path === './pages')
    : undefined;
  const assets = isRecord(pages) && isRecord(pages.assets) ? pages.assets : {};
  const js = isRecord(assets.js) ? assets.js : {};
  const css = isRecord(assets.css) ? assets.css : {};
  files.push(...strings(js.sync), ...strings(css.sync));
  const page = pageChunk && isRecord(pageAssets) ? pageAssets[pageChunk] : undefined;
  if (isRecord(page)) files.push(...strings(page.js), ...strings(page.css));
  else files.push(...strings(js.async), ...strings(css.async));
  return [
    ...new Set(
      files
        .map((file) => {
          try {
            return new URL(file, base);
          } catch {
            return undefined;
          }
        })
        .filter((url): url is URL => url !== undefined && url.origin === base.origin)
        .map((url) => url.href),
    ),
  ];
}

// The message a page sends to have itself kept for use without a network (`keepPageOffline` of
// `@portal/shared`): one definition for both sides.
export { KEEP_OFFLINE_MESSAGE };

/** What the page asks for in a {@link KEEP_OFFLINE_MESSAGE}; every field is checked, as any page may send it. */
export type KeepOfflineRequest = {
  /** The page to keep (under /en/ on the host's origin). */
  page: string;
  /** The remote that serves it, by its name in `/en/remotes.json`. */
  remote?: string;
  /** Its chunk in that remote's `page-assets.json`. */
  pageChunk?: string;
  /** The scripts and stylesheets the page has loaded; only those the rules cache are kept. */
  urls: string[];
};

/** Reads a {@link KEEP_OFFLINE_MESSAGE}; undefined for any other message or a malformed one. */
export function readKeepOfflineRequest(data: unknown, hostOrigin: string): KeepOfflineRequest | undefined {
  if (!isRecord(data) || data.type !== KEEP_OFFLINE_MESSAGE || typeof data.page !== 'string')
    return undefined;
  let page: URL;
  try {
    page = new URL(data.page);
  } catch {
    return undefined;
  }
  if (page.origin !== hostOrigin || !page.pathname.startsWith(SCOPE_PATH) || isTokenPage(page.pathname))
    return undefined;
  page.search = '';
  page.hash = '';
  const name = (value: unknown) =>
    typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined;
  return {
    page: page.href,
    remote: name(data.remote),
    pageChunk: name(data.pageChunk),
    urls: strings(data.urls).slice(0, 200),
  };
}
