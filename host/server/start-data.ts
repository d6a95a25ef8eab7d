// A route-aware start-up. The host server knows which URL is asked for, so the browser need not
// discover the chain one round trip at a time: the page it sends carries the runtime config, the
// remotes' route tables and the content page tree as a JSON data block (not a script: the CSP stays
// without 'unsafe-inline'), and preload links for the remote that serves the URL (its manifest, its
// remoteEntry.js and the chunks of its `./pages`). All of it is read at run time from what each
// remote's build publishes, so the host build holds no remote URL or asset name, and a redeployed
// remote is preloaded correctly without a host release. Whatever cannot be had in time, or does not
// have the shape the host reads (./remote-documents.ts), is left out; the browser then fetches it
// itself, as it does without this server.
//
// The parts: `swr-cache.ts` (what backends answered, stale-while-revalidate), `route-tables.ts` (which
// remote serves a URL), `page-trees.ts` (the content page tree and its disk copy), `student-session.ts`
// (whose session, and her first reads), `preload-plan.ts` (what to fetch early), `frame-choice.ts` and
// `page-template.ts` (the first frame and the built page with named slots); this file puts them
// together per URL.
import { fillRouteParams, isPreloadApiPath, pageChunkName } from '@portal/shared/route-table';
import type { HostServerConfig } from './config';
import { createContentFrames } from './content-frame';
import { chooseFrame } from './frame-choice';
import { shellFor } from './page-template';
import type { Prerendered } from './page-template';
import type { PageTreeCache } from './page-tree-cache';
import { createPageTrees, EMBEDDED_LANGUAGE } from './page-trees';
import { remotePreloads } from './preload-plan';
import type { Preload } from './preload-plan';
import { readFrameRoutes, readManifest, readPageAssets, readPrerenderedPages } from './remote-documents';
import type { AssetScripts } from './remote-documents';
import { hasSession, requestLocale } from './request-cookies';
import { findRemote } from './route-tables';
import { sessionPreloads, studentProfileId } from './student-session';
import { studentFrame } from './student-frame';
import { cached, fetchJson, swrCache, within } from './swr-cache';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';
import type { PrerenderedShell, StartData } from '../src/app/start-data-shape';

export { findRemote, readRouteTable } from './route-tables';
export type { FoundRoute } from './route-tables';

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
  /** The content client's scripts (the build's `content-assets.json`), for a page that shows content. */
  contentScripts: AssetScripts = { scripts: [], shared: [] },
) {
  const remoteJson = swrCache((url, signal) => fetchJson(fetchImpl, url, {}, signal));
  // The routes a remote renders frames for (`GET /frames`): students' own and content pages'. A remote
  // without (an older release, a remote that serves none) is remembered as rendering none, not asked
  // on every page.
  const frameRoutes = swrCache(async (url, signal) => {
    try {
      return readFrameRoutes(await fetchJson(fetchImpl, url, {}, signal));
    } catch {
      return readFrameRoutes(undefined);
    }
  });
  const contentFrame = config.frameSecret
    ? createContentFrames(fetchImpl, {
        contentOrigin: config.contentOrigin,
        contentApiKey: config.contentApiKey,
        frameSecret: config.frameSecret,
      })
    : undefined;
  const { pageTrees, primed } = createPageTrees(config, fetchImpl, kept);

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
    const [manifestDocument, pageAssets, prerenderedPages, framesDocument] = manifestUrl
      ? await Promise.all([
          within(cached(remoteJson, manifestUrl)),
          target?.page
            ? within(cached(remoteJson, new URL('page-assets.json', manifestUrl).href))
            : undefined,
          target?.name ? within(cached(remoteJson, new URL('prerender.json', manifestUrl).href)) : undefined,
          target?.name && config.frameSecret
            ? within(cached(frameRoutes, new URL('frames', manifestUrl).href))
            : undefined,
        ])
      : [];
    const rendered = readFrameRoutes(framesDocument);
    const manifest = readManifest(manifestDocument);
    const assets = readPageAssets(pageAssets);
    const preloads = manifestUrl ? remotePreloads(manifestUrl, manifest, assets, target?.page) : [];
    const locale = requestLocale(cookieHeader);
    const frames = target?.name ? readPrerenderedPages(prerenderedPages)?.[target.name] : undefined;
    const layout = shellFor(shell, locale, loggedIn, pathname);
    // Its route's parameters filled in (a value that is not a plain id is not read ahead).
    const wanted = (target?.preloadApi ?? [])
      .map((path) => fillRouteParams(path, target?.params ?? {}))
      .filter((path) => isPreloadApiPath(path));
    const apiOrigin = config.apiOrigins[0];
    const profileId =
      loggedIn && cookieHeader && wanted.length > 0 && apiOrigin
        ? await studentProfileId(fetchImpl, cookieHeader, apiOrigin)
        : undefined;
    // The student's own frame, with her data (./student-frame.ts), where the route declares its reads.
    const rendersOwn = loggedIn && target?.name !== undefined && rendered.routes.includes(target.name);
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
    // A content page's frame with its content (./content-frame.ts), where its remote names its queries.
    const queries = target?.name ? rendered.content[target.name] : undefined;
    const withContent =
      contentFrame && queries && target?.name && manifestUrl && manifest && layout && !own
        ? await contentFrame({
            manifestUrl,
            route: target.name,
            pathname,
            locale,
            member: loggedIn,
            queries,
          })
        : undefined;
    if (withContent) data.content = withContent.content;
    const prerendered = manifest
      ? chooseFrame({ own: own?.html, withContent: withContent?.html, frames, locale, loggedIn, layout })
      : undefined; // Only with the remote's manifest: the frame needs the page's style sheets, which it names.
    // A page that shows content loads the content client, which the start-up leaves out: a page of the
    // host's own (home, privacy, any content page), a remote's page whose code consumes it, or one
    // that names its content queries (a remote built before its pages named what they consume).
    const consumed = target?.page ? assets?.[pageChunkName(target.page)]?.shared : undefined;
    if (!found || queries !== undefined || consumed?.some((key) => contentScripts.shared.includes(key)))
      // After the start-up's own scripts, which the page needs first.
      preloads.push(
        ...contentScripts.scripts.map((href): Preload => ({ href, as: 'script', priority: 'low' })),
      );
    // Reads that came with the page (`answers`) are not fetched again.
    const forStudent = loggedIn && cookieHeader ? sessionPreloads(own ? undefined : profileId, wanted) : [];
    return { data, preloads, sessionPreloads: forStudent, ...(prerendered ? { prerendered } : {}) };
  };
}
