// A route-aware start-up. The host server knows which URL is asked for, so the browser need not
// discover the chain one round trip at a time: the page it sends carries the runtime config, the
// remotes' route tables and the content page tree as a JSON data block (not a script: the CSP stays
// without 'unsafe-inline'), and preload links for the remote that serves the URL (its manifest, its
// remoteEntry.js and the chunks of its `./pages`). All of it is read at run time from what each
// remote's build publishes, so the host build holds no remote URL or asset name, and a redeployed
// remote is preloaded correctly without a host release. Whatever cannot be had in time is left out;
// the browser then fetches it itself, as it does without this server.
import { LRUCache } from 'lru-cache';
import { PAGES_QUERY_SOURCE } from '@portal/shared/page-tree';
import { findPublishedRoute, pageChunkName, parsePublishedRoutes } from '@portal/shared/route-table';
import type { FoundPublishedRoute, PublishedRoutes } from '@portal/shared/route-table';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY } from '@portal/shared/locales';
import type { Locale } from '@portal/shared/locales';
import type { HostServerConfig } from './config';
import type { PageTreeCache } from './page-tree-cache';
import { REMOTE_NAMES } from '../src/app/runtime-config-shape';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';
import { PRERENDERED_PAGE_SLOT, START_DATA_ELEMENT_ID } from '../src/app/start-data-shape';
import type { PrerenderedShell, StartData } from '../src/app/start-data-shape';

/** How long an answer of a backend or remote is fresh; after that it is served stale and refreshed. */
const FRESH_MS = 30_000;
/** How long a page waits for a backend or remote before it is sent without that part. */
const WAIT_MS = 800;
/** The api's session cookie: a visitor without it is shown the login page for a guarded route. */
const SESSION_COOKIE = 'PORTAL_SESSION';
/** The content language of the embedded tree (the default; a Dutch visitor's browser asks for its own). */
const EMBEDDED_LANGUAGE = 'en';

type Fetch = typeof fetch;

/** What the server reads of a remote's mf-manifest.json. */
type Manifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[] } } }>;
};

/** What the server reads of a remote's page-assets.json: each lazy page chunk's scripts and styles. */
type PageAssets = Record<string, { js?: string[]; css?: string[] } | undefined>;

/** Where a URL's page comes from: its remote, whether it needs a login, its page module and route name. */
export type FoundRoute = FoundPublishedRoute<RemoteName>;

/** What the server reads of a remote's prerender.json: a route's first frame by route name and locale. */
type PrerenderedPages = Record<string, Record<string, unknown> | undefined>;

/** A page's first frame in its layout, as the browser paints it before the scripts run. */
export type Prerendered = { locale: Locale; html: string };

/** A preload of the page: what to fetch early, and how the page will ask for it. */
export type Preload = { href: string; as: 'fetch' | 'script' | 'style' };

async function fetchJson(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<unknown> {
  const response = await fetchImpl(url, {
    ...init,
    signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * A cache that answers from memory while fresh, serves a stale answer while it refreshes it, and keeps
 * the last good answer when a refresh fails (lru-cache's stale-while-revalidate).
 */
function swrCache(load: (key: string, signal: AbortSignal) => Promise<unknown>) {
  return new LRUCache<string, { value: unknown }>({
    max: 64,
    ttl: FRESH_MS,
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    fetchMethod: async (key, _stale, { signal }) => ({ value: await load(key, signal) }),
  });
}

/** `value` when it arrives within {@link WAIT_MS}, else undefined (the browser then asks itself). */
async function within<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), WAIT_MS);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A remote's route table as the host reads it: through the one reader that the browser uses too,
 * so that a table the browser would refuse is not used to plan this page either: it is left
 * out, as the browser leaves that remote's pages out (and says why in its console).
 */
const parsedTables = new WeakMap<object, PublishedRoutes | Error>();
export function readRouteTable(remote: RemoteName, table: unknown): PublishedRoutes | Error {
  if (typeof table !== 'object' || table === null)
    return new Error(`routes.json of remote-${remote}: missing`);
  let parsed = parsedTables.get(table);
  if (!parsed) {
    try {
      parsed = parsePublishedRoutes(table, `remote-${remote}`);
    } catch (error) {
      parsed = error instanceof Error ? error : new Error(String(error));
    }
    parsedTables.set(table, parsed);
  }
  return parsed;
}

/** The remote that declares the page at `pathname` (relative to /en), and whether it needs a login. */
export function findRemote(
  tables: Partial<Record<RemoteName, unknown>>,
  pathname: string,
): FoundRoute | undefined {
  const valid = REMOTE_NAMES.flatMap((remote) => {
    const table = readRouteTable(remote, tables[remote]);
    return table instanceof Error ? [] : [[remote, table] as const];
  });
  return findPublishedRoute(valid, pathname);
}

/**
 * What to preload for a remote's page: its manifest, its entry, the scripts of its `./pages` and,
 * when the remote's `page-assets.json` lists it, the page's own chunk with its scripts and styles.
 */
export function remotePreloads(
  manifestUrl: string,
  manifest: Manifest | undefined,
  pageAssets?: PageAssets,
  page?: string,
): Preload[] {
  const preloads: Preload[] = [{ href: manifestUrl, as: 'fetch' }];
  if (!manifest) return preloads;
  const publicPath = manifest.metaData?.publicPath;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name)
    preloads.push({ href: new URL(`${entry.path ?? ''}${entry.name}`, base).href, as: 'script' });
  const pages = manifest.exposes?.find((expose) => expose.path === './pages' || expose.name === 'pages');
  for (const file of pages?.assets?.js?.sync ?? [])
    preloads.push({ href: new URL(file, base).href, as: 'script' });
  const chunk =
    page && pageAssets && typeof pageAssets === 'object' ? pageAssets[pageChunkName(page)] : undefined;
  for (const file of Array.isArray(chunk?.css) ? chunk.css : [])
    if (typeof file === 'string') preloads.push({ href: new URL(file, base).href, as: 'style' });
  for (const file of Array.isArray(chunk?.js) ? chunk.js : [])
    if (typeof file === 'string') preloads.push({ href: new URL(file, base).href, as: 'script' });
  return preloads;
}

const escapeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The `<link>` of a preload, as the page will ask for it (a manifest by fetch, an entry by script). */
function preloadTag({ href, as }: Preload, stylesFirst = false): string {
  if (as === 'style' && stylesFirst) return `<link rel="stylesheet" href="${escapeAttribute(href)}" />`;
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}"${cors} />`;
}

/** A `Link` header value for the preloads (a proxy or CDN in front may turn it into 103 Early Hints). */
export function linkHeader(preloads: readonly Preload[]): string {
  return preloads
    .map(
      ({ href, as }) => `<${href}>; rel=preload; as=${as}${as === 'fetch' ? '; crossorigin=anonymous' : ''}`,
    )
    .join(', ');
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);

/**
 * The host's own start-up files as the built page names them (its scripts, style sheets and script
 * preloads), known before the start data is read: sent at once as 103 Early Hints.
 */
export function templatePreloads(template: string): Preload[] {
  const preloads: Preload[] = [];
  for (const [tag] of template.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel');
    const src = tag.startsWith('<script') ? attribute(tag, 'src') : undefined;
    const href = attribute(tag, 'href');
    if (src) preloads.push({ href: src, as: 'script' });
    else if (href && rel === 'stylesheet') preloads.push({ href, as: 'style' });
    else if (href && rel === 'preload' && attribute(tag, 'as') === 'script')
      preloads.push({ href, as: 'script' });
  }
  return preloads;
}

/** The start-up skeleton in the built page: from its element to the end of `#root`. */
const SKELETON = /<div class="?skeleton"?[\s>][\s\S]*?(?=<\/div>\s*<noscript)/;

/**
 * The app page with the start data and the preloads in its head. With a prerendered frame, that
 * frame takes the skeleton's place, inert (nothing in it can be used or reached before the app
 * starts, and React replaces it when it does), the page's style sheets are loaded before the first
 * paint rather than preloaded, and `<html lang>` is the frame's language.
 */
export function renderPage(
  template: string,
  data: StartData,
  preloads: readonly Preload[],
  prerendered?: Prerendered,
): string {
  const block = `<script type="application/json" id="${START_DATA_ELEMENT_ID}">${escapeJson(data)}</script>`;
  const links = preloads.map((preload) => preloadTag(preload, prerendered !== undefined)).join('');
  // A function, not a string: content texts may hold `$&`, `$'` or `` $` ``, which a replacement string
  // would expand into pieces of the page and so corrupt the start data.
  const page = template.replace('</head>', () => `${links}${block}</head>`);
  if (!prerendered || !SKELETON.test(page)) return page;
  return page
    .replace(/<html lang=("?)[^"\s>]*\1/, () => `<html lang="${prerendered.locale}"`)
    .replace(SKELETON, () => `<div class="prerendered" inert>${prerendered.html}</div>`);
}

/** The page a URL gets: its start data, its preloads and, when there is one, its prerendered frame. */
export type StartPage = { data: StartData; preloads: Preload[]; prerendered?: Prerendered };

/** The interface language a request's cookie names (`portal-locale`, set by the page), else the default. */
export function requestLocale(cookieHeader: string | undefined): Locale {
  const value = cookieValue(cookieHeader, LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The prerendered shell for a URL: the layout in the visitor's language, for a visitor or a student,
 * with the navigation entry current that the URL is beneath (the longest that matches, as NavLink).
 */
export function shellFor(
  shell: PrerenderedShell | undefined,
  locale: Locale,
  member: boolean,
  pathname: string,
): string | undefined {
  const byPath = shell?.[locale]?.[member ? 'member' : 'guest'];
  if (!byPath) return undefined;
  const current = Object.keys(byPath)
    .filter((path) => path !== '' && (pathname === path || pathname.startsWith(`${path}/`)))
    .sort((a, b) => b.length - a.length)[0];
  const html = byPath[current ?? ''];
  return typeof html === 'string' && html.includes(PRERENDERED_PAGE_SLOT) ? html : undefined;
}

/**
 * Reads, caches and assembles what the page of a URL needs at start-up (see the top of this file).
 * `fetchImpl` is the network (tests give their own).
 */
export function createStartData(
  config: HostServerConfig,
  fetchImpl: Fetch = fetch,
  shell?: PrerenderedShell,
  kept?: PageTreeCache,
) {
  const runtime: RuntimeConfig = config.runtime;
  const remoteJson = swrCache((url, signal) => fetchJson(fetchImpl, url, {}, signal));
  const treeKey = (root: string) => ({ contentOrigin: config.contentOrigin, root, lang: EMBEDDED_LANGUAGE });
  const fetchPageTree = (root: string, signal: AbortSignal) =>
    fetchJson(
      fetchImpl,
      `${config.contentOrigin}/sitecore/api/graph/edge?${new URLSearchParams({ sc_apikey: config.contentApiKey })}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          operationName: 'pages',
          variables: { path: root, lang: EMBEDDED_LANGUAGE },
          query: PAGES_QUERY_SOURCE,
        }),
      },
      signal,
    ).then((body) => {
      const pages = (body as { data?: { item?: { pages?: unknown } } })?.data?.item?.pages;
      if (!Array.isArray(pages)) throw new Error(`No page tree at ${root}.`);
      return pages as unknown[];
    });
  // The tree from the content system, kept on disk each time it changes; when the content system
  // cannot give it, the one kept last (by this host or before its restart).
  const pageTrees = swrCache(async (root, signal) => {
    try {
      const pages = await fetchPageTree(root, signal);
      void kept?.write(treeKey(root), pages);
      return pages;
    } catch (error) {
      const last = await kept?.read(treeKey(root));
      if (last) return last;
      throw error;
    }
  });
  // A host that starts knows the kept tree at once, served stale while the content system is asked
  // (a content system that hangs would otherwise hold the first pages back without a tree).
  const primed = (async () => {
    const last = await kept?.read(treeKey(runtime.contentRoot));
    if (last && !pageTrees.has(runtime.contentRoot))
      pageTrees.set(runtime.contentRoot, { value: last }, { ttl: 1 });
  })();
  const cached = async (cache: ReturnType<typeof swrCache>, key: string) => (await cache.fetch(key))?.value;

  return async function startPage(pathname: string, cookieHeader: string | undefined): Promise<StartPage> {
    await primed;
    const remotes = Object.entries(runtime.remotes) as Array<[RemoteName, string]>;
    const [tables, pages] = await Promise.all([
      Promise.all(
        remotes.map(async ([name, manifestUrl]) => [
          name,
          await within(cached(remoteJson, new URL('routes.json', manifestUrl).href)),
        ]),
      ),
      within(cached(pageTrees, runtime.contentRoot)),
    ]);
    const routeTables = Object.fromEntries(tables.filter(([, table]) => table !== undefined));
    const loggedIn = cookieValue(cookieHeader, SESSION_COOKIE) !== undefined;
    // A guarded page without a session shows the login page: preload the remote that serves that.
    const found = findRemote(routeTables, pathname);
    const login = findRemote(routeTables, '/login');
    const target = found && found.requiresAuth && !loggedIn ? login : found;
    const data: StartData = {
      runtime,
      routeTables,
      ...(pages ? { pageTree: { root: runtime.contentRoot, lang: EMBEDDED_LANGUAGE, pages } } : {}),
      session: loggedIn,
      ...(target?.page ? { page: { remote: target.remote, page: target.page } } : {}),
    };
    const manifestUrl = target ? runtime.remotes[target.remote] : undefined;
    const [manifest, pageAssets, prerenderedPages] = manifestUrl
      ? await Promise.all([
          within(cached(remoteJson, manifestUrl)),
          target?.page
            ? within(cached(remoteJson, new URL('page-assets.json', manifestUrl).href))
            : undefined,
          target?.name ? within(cached(remoteJson, new URL('prerender.json', manifestUrl).href)) : undefined,
        ])
      : [];
    const preloads = manifestUrl
      ? remotePreloads(
          manifestUrl,
          manifest as Manifest | undefined,
          pageAssets as PageAssets | undefined,
          target?.page,
        )
      : [];
    const locale = requestLocale(cookieHeader);
    const frame = target?.name
      ? (prerenderedPages as PrerenderedPages | undefined)?.[target.name]?.[locale]
      : undefined;
    const layout = shellFor(shell, locale, loggedIn, pathname);
    // Only with the remote's manifest: the frame needs the page's style sheets, which it names.
    const prerendered =
      typeof frame === 'string' && layout && manifest
        ? { locale, html: layout.replace(PRERENDERED_PAGE_SLOT, () => frame) }
        : undefined;
    return { data, preloads, ...(prerendered ? { prerendered } : {}) };
  };
}
