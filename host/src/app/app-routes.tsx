import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useRoutes } from '@portal/shared/router';
import { notePageView, showingPage } from '../features/field-data/field-data';
import { AppErrorBoundary } from '../features/layout/app-error-page';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { prefetchOnIntent, prefetchSubPagesWhenIdle } from '../features/remotes/prefetch-on-intent';
import { useRouteTables } from '../features/remotes/remote-routes';
import { handleForPath } from './route-handle';
import { buildAppRoutes } from './routes';
import type { AppRoutesOptions } from './routes';

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
  useLayoutEffect(() => {
    // A redirect has no name: the page it leads to is the view.
    if (handle?.name) notePageView(handle.name, handle.remote ?? 'host');
    // Once per path (a route tree rebuilt for a late table is the same page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  // A link about to be followed fetches its page's code (../features/remotes/prefetch-on-intent.ts).
  useEffect(
    () =>
      prefetchOnIntent((path) => {
        const target = handleForPath(routes, path);
        return target?.remote && target.page ? { remote: target.remote, page: target.page } : undefined;
      }),
    [routes],
  );
  // Once the page is idle, the code of the pages beneath it (a policy's renewal beneath My Insurance).
  useEffect(() => {
    if (handle?.remote && handle.subPages) void prefetchSubPagesWhenIdle(handle.remote, handle.subPages);
  }, [handle]);
  return <AppErrorBoundary>{useRoutes(routes)}</AppErrorBoundary>;
}
