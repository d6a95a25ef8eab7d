import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useRoutes } from '@portal/shared/router';
import { readsAheadAnswered } from '@portal/shared';
import { notePageView, showingPage } from '../features/field-data/field-data';
import { AppErrorBoundary } from '../features/layout/app-error-page';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { savesData, whenIdle } from '../features/remotes/fetch-ahead';
import { preloadRemotePage } from '../features/remotes/remote-pages';
import { useRouteTables } from '../features/remotes/remote-routes';
import { handleForPath } from './route-handle';
import { buildAppRoutes, forgetStartedReads } from './routes';
import type { AppRoutesOptions } from './routes';

/**
 * Once the page is idle, the code that fetches pages before they are opened
 * (../features/remotes/prefetch-on-intent.ts): a chunk of its own, outside the first load, and not
 * even that when the browser asks to save data.
 */
const prefetcher = () =>
  whenIdle()
    .then(() =>
      savesData()
        ? undefined
        : import(/* webpackChunkName: "on-demand-prefetch" */ '../features/remotes/prefetch-on-intent'),
    )
    .catch(() => undefined);

/** The remote page a portal path opens, if any: what fetching a page ahead fetches. */
function remotePageAt(routes: ReturnType<typeof buildAppRoutes>, path: string) {
  const target = handleForPath(routes, path);
  return target?.remote && target.page ? { remote: target.remote, page: target.page } : undefined;
}

/** Props of {@link AppRoutes}. */
export type AppRoutesProps = AppRoutesOptions & {
  /** The routes of the content page tree. */
  contentRoutes: readonly ContentRoute[];
};

/**
 * The page the current location shows, inside the last error boundary. The tree is built from the
 * content routes and the remotes' route tables, and again when a table that had failed arrives.
 */
export function AppRoutes({ contentRoutes, tagManager, pageTree }: AppRoutesProps) {
  const tables = useRouteTables((state) => state.tables);
  const routes = useMemo(
    () => buildAppRoutes(contentRoutes, tables, { tagManager, pageTree }),
    [contentRoutes, tables, tagManager, pageTree],
  );
  // Every page view is field data, whatever the consent choice (it holds nothing of the student). Noted
  // here, outside the error boundary, so that a page that fails to render still counts as viewed; in
  // the commit itself, so that a page left at once has noted its view.
  const { pathname } = useLocation();
  const handle = useMemo(() => handleForPath(routes, pathname), [routes, pathname]);
  if (handle?.name) showingPage(handle.name, handle.remote ?? 'host');
  if (!handle?.remote) forgetStartedReads();
  useLayoutEffect(() => {
    // A redirect has no name: the page it leads to is the view.
    if (handle?.name) notePageView(handle.name, handle.remote ?? 'host');
    // Once per path (a route tree rebuilt for a late table is the same page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  // Once the page is idle, a link about to be followed fetches its page's code.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void prefetcher().then((module) => {
      if (module && !left) stop = module.prefetchOnIntent((path) => remotePageAt(routes, path));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [routes]);
  // Once this page has its own code and data and is idle (on a move, idle comes while those are still
  // on their way), the code of the pages beneath it (a policy's renewal beneath My Insurance), then of
  // the pages the navigation links to.
  useEffect(() => {
    const { remote, page, subPages } = handle ?? {};
    let left = false;
    let stop: (() => void) | undefined;
    const own = remote && page ? preloadRemotePage(remote, page).then(readsAheadAnswered) : Promise.resolve();
    void own
      .catch(() => undefined)
      .then(prefetcher)
      .then((module) => {
        if (!module || left) return;
        if (remote && subPages?.length) module.prefetchPages(remote, subPages);
        stop = module.prefetchInView((path) => remotePageAt(routes, path));
      });
    return () => {
      left = true;
      stop?.();
    };
  }, [handle, routes]);
  return <AppErrorBoundary>{useRoutes(routes)}</AppErrorBoundary>;
}
