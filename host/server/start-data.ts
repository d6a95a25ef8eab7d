// A route-aware start-up. The host server knows which URL is asked for, so the browser need not
// discover the chain one round trip at a time: the page it sends carries the runtime config, the
// remotes' route tables and the content page tree as a JSON data block (not a script: the CSP stays
// without 'unsafe-inline'), and preload links for the remote that serves the URL (its manifest, its
// remoteEntry.js and the chunks of its `./pages`). All of it is read at run time from what each
// remote's build publishes, so the host build holds no remote URL or asset name, and a redeployed
// remote is preloaded correctly without a host release. Whatever cannot be had in time is left out;
// the browser then fetches it itself, as it does without this server.
//
// The parts: `swr-cache.ts` (what backends answered, stale-while-revalidate), the shared route matcher
// (`@portal/shared/route-table`), `preload-plan.ts` (what to fetch early), `page-template.ts` (the
// built page with named slots) and `request-cookies.ts`; this file puts them together per URL.
import { PAGES_QUERY_SOURCE } from '@portal/shared/page-tree';
import { frameTakesInputSafely, memberFrameKey } from '@portal/shared/prerender-frame';
import {
  findPublishedRoute,
  isPreloadApiPath,
  parsePublishedRoutes,
  studentApiPath,
} from '@portal/shared/route-table';
import type { FoundPublishedRoute, PublishedRoutes } from '@portal/shared/route-table';
import type { HostServerConfig } from './config';
import { shellFor } from './page-template';
import type { Prerendered } from './page-template';
import type { PageTreeCache } from './page-tree-cache';
import { remotePreloads } from './preload-plan';
import type { Manifest, PageAssets, Preload } from './preload-plan';
import { hasSession, requestLocale } from './request-cookies';
import { studentFrame } from './student-frame';
import { cached, fetchJson, swrCache, within } from './swr-cache';
import { REMOTE_NAMES } from '../src/app/runtime-config-shape';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';
import { PRERENDERED_PAGE_SLOT } from '../src/app/start-data-shape';
import type { PrerenderedShell, StartData } from '../src/app/start-data-shape';

/** The content language of the embedded tree (the default; a Dutch visitor's browser asks for its own). */
const EMBEDDED_LANGUAGE = 'en';

/** How long the page waits for the api to say whose session it is (the api is a local call). */
const SESSION_WAIT_MS = 250;

/** Where a URL's page comes from: its remote, whether it needs a login, its page module and route name. */
export type FoundRoute = FoundPublishedRoute<RemoteName>;

/** What the server reads of a remote's prerender.json: a route's first frame by route name and locale. */
type PrerenderedPages = Record<string, Record<string, unknown> | undefined>;

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
 * The page a URL gets: its start data, its preloads and, when there is one, its prerendered frame.
 * `sessionPreloads` are the student's own api reads (see {@link createStartData}): they go into the
 * `Link` header only. The page's HTML is the same for every student and compressed once, except where
 * the route declares its first reads: then its frame is the student's own (`prerendered.personal`).
 */
export type StartPage = {
  data: StartData;
  preloads: Preload[];
  sessionPreloads: Preload[];
  prerendered?: Prerendered;
};

/**
 * Reads, caches and assembles what the page of a URL needs at start-up (see the top of this file).
 * `fetchImpl` is the network (tests give their own).
 */
export function createStartData(
  config: HostServerConfig,
  fetchImpl: typeof fetch = fetch,
  shell?: PrerenderedShell,
  kept?: PageTreeCache,
  /** Told of each student's own frame asked for: rendered, or the build's frame kept (metrics). */
  onStudentFrame?: (outcome: 'rendered' | 'fallback') => void,
) {
  const remoteJson = swrCache((url, signal) => fetchJson(fetchImpl, url, {}, signal));
  // The routes a remote renders students' own frames for (`GET /frames`); a remote without (an older
  // release, a remote that serves none) is remembered as rendering none, not asked on every page.
  const frameRoutes = swrCache(async (url, signal) => {
    try {
      const routes = ((await fetchJson(fetchImpl, url, {}, signal)) as { routes?: unknown } | null)?.routes;
      return Array.isArray(routes) ? routes.filter((route) => typeof route === 'string') : [];
    } catch {
      return [];
    }
  });
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
    const root = config.runtime.contentRoot;
    const last = await kept?.read(treeKey(root));
    if (last && !pageTrees.has(root)) pageTrees.set(root, { value: last }, { ttl: 1 });
  })();

  /**
   * For a request with a session cookie: whose session it is, asked of the api with the browser's own
   * cookie, for at most {@link SESSION_WAIT_MS} (the page is not held back for it).
   */
  async function studentProfileId(cookieHeader: string, apiOrigin: string): Promise<string | undefined> {
    const controller = new AbortController();
    const session = await within(
      fetchJson(
        fetchImpl,
        `${apiOrigin}/api/checksession`,
        { headers: { Accept: 'application/json', Cookie: cookieHeader } },
        controller.signal,
      ),
      SESSION_WAIT_MS,
    );
    controller.abort();
    const profileId = (session as { profileId?: unknown } | undefined)?.profileId;
    return typeof profileId === 'string' && profileId !== '' ? profileId : undefined;
  }

  /**
   * For a request with a session cookie: the api reads the browser makes first, to be fetched with
   * the page (preload), so that they are under way before the scripts arrive. The session check, which
   * every page's start-up makes; and, when the api has said whose session it is, the reads the page's
   * route declares (`preloadApi`). Without that answer, only the session check is preloaded.
   */
  function sessionPreloads(profileId: string | undefined, paths: readonly string[]): Preload[] {
    const preloads: Preload[] = [{ href: '/api/checksession', as: 'fetch' }];
    if (profileId === undefined) return preloads;
    for (const path of paths) preloads.push({ href: `/${studentApiPath(path, profileId)}`, as: 'fetch' });
    return preloads;
  }

  /**
   * `runtime` is the browser's own: the release of each remote it gets (a canary, ./canary.ts), which
   * the page's preloads and frame follow.
   */
  return async function startPage(
    pathname: string,
    cookieHeader: string | undefined,
    runtime: RuntimeConfig = config.runtime,
  ): Promise<StartPage> {
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
    const loggedIn = hasSession(cookieHeader);
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
    const [manifest, pageAssets, prerenderedPages, ownFrameRoutes] = manifestUrl
      ? await Promise.all([
          within(cached(remoteJson, manifestUrl)),
          target?.page
            ? within(cached(remoteJson, new URL('page-assets.json', manifestUrl).href))
            : undefined,
          target?.name ? within(cached(remoteJson, new URL('prerender.json', manifestUrl).href)) : undefined,
          loggedIn && target?.name && target.preloadApi?.length
            ? within(cached(frameRoutes, new URL('frames', manifestUrl).href))
            : undefined,
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
    const frames = target?.name
      ? (prerenderedPages as PrerenderedPages | undefined)?.[target.name]
      : undefined;
    const layout = shellFor(shell, locale, loggedIn, pathname);
    const wanted = (target?.preloadApi ?? []).filter(isPreloadApiPath);
    const apiOrigin = config.apiOrigins[0];
    const profileId =
      loggedIn && cookieHeader && wanted.length > 0 && apiOrigin
        ? await studentProfileId(cookieHeader, apiOrigin)
        : undefined;
    // The student's own frame, with her data (./student-frame.ts), where the route declares its reads.
    const rendersOwn = Array.isArray(ownFrameRoutes) && ownFrameRoutes.includes(target?.name);
    const own =
      rendersOwn &&
      config.frameSecret &&
      profileId &&
      apiOrigin &&
      cookieHeader &&
      target?.name &&
      manifestUrl &&
      manifest &&
      layout
        ? await studentFrame(fetchImpl, {
            apiOrigin,
            manifestUrl,
            route: target.name,
            locale,
            profileId,
            preloadApi: wanted,
            cookieHeader,
            frameSecret: config.frameSecret,
          })
        : undefined;
    if (own) data.answers = own.answers;
    if (rendersOwn && profileId) onStudentFrame?.(own ? 'rendered' : 'fallback');
    // A public page a student sees otherwise has a frame of its own for a student.
    const frame = own?.html ?? (loggedIn ? frames?.[memberFrameKey(locale)] : undefined) ?? frames?.[locale];
    // Only with the remote's manifest: the frame needs the page's style sheets, which it names.
    const prerendered =
      typeof frame === 'string' && layout && manifest
        ? {
            locale,
            html: layout.replace(PRERENDERED_PAGE_SLOT, () => frame),
            // A remote's frame from before frames took input (an older release) stays inert whole.
            ...(frameTakesInputSafely(frame) ? {} : { inert: true }),
            ...(own ? { personal: true } : {}),
          }
        : undefined;
    // Reads that came with the page (`answers`) are not fetched again.
    const forStudent = loggedIn && cookieHeader ? sessionPreloads(own ? undefined : profileId, wanted) : [];
    return { data, preloads, sessionPreloads: forStudent, ...(prerendered ? { prerendered } : {}) };
  };
}
