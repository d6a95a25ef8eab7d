import { useRoutes } from '@portal/shared/router';
import type { RouteObject } from '@portal/shared/router';
import { AppErrorBoundary } from '../features/layout/app-error-page';

/** Props of {@link AppRoutes}. */
export type AppRoutesProps = {
  /** The route tree of {@link buildAppRoutes}. */
  routes: RouteObject[];
};

/** The page the current location shows, inside the last error boundary. */
export function AppRoutes({ routes }: AppRoutesProps) {
  return <AppErrorBoundary>{useRoutes(routes)}</AppErrorBoundary>;
}
