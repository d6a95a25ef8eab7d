import { useMemo } from 'react';
import { useRoutes } from '@portal/shared/router';
import { AppErrorBoundary } from '../features/layout/app-error-page';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { useRouteTables } from '../features/remotes/remote-routes';
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
  return <AppErrorBoundary>{useRoutes(routes)}</AppErrorBoundary>;
}
