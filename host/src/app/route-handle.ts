import { matchRoutes } from '@portal/shared/router';
import type { RouteObject } from '@portal/shared/router';
import type { LocalizedTitle } from '@portal/shared';
import type { RemoteName } from './runtime-config-shape';

/** What every route of the shell carries in its `handle` (the route meta of docs/requirements.md §2). */
export type RouteHandle = {
  /** Route name (the tag manager reports it); absent for redirects. */
  name?: string;
  /** Overrides the name in the tag manager's page view. */
  gtm?: string;
  /** The content page's title, when the route comes from the content tree (start-up language). */
  pageTitle?: string;
  /** Path of the content route behind this route, to find its title in another language. */
  contentPath?: string;
  /** The title a remote declares for its page, by locale, used when there is no content page title. */
  title?: LocalizedTitle;
  /** Key in the `host` namespace of the title of a host page without a content page title. */
  titleKey?: string;
  requiresAuth: boolean;
  pageId?: string;
  /** The remote that owns the page; absent for the host's own pages. */
  remote?: RemoteName;
  /** The page module of the remote (its `./pages` key), fetched ahead when a link to it is about to be followed. */
  page?: string;
  /** The pages of the remote beneath this one (its sub-routes'), fetched once this page is idle. */
  subPages?: readonly string[];
  /** Hides the header and navigation (the demo page). */
  hideHeader?: boolean;
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'requiresAuth' in value;
}

/** The handle of the deepest matched route that has one. */
export function currentHandle(
  matches: ReadonlyArray<{ route: { handle?: unknown } }> | null,
): RouteHandle | undefined {
  if (!matches) return undefined;
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.route.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** The handle of the route that shows `pathname` (relative to the basename), if any. */
export function handleForPath(routes: readonly RouteObject[], pathname: string): RouteHandle | undefined {
  return currentHandle(matchRoutes([...routes], pathname));
}
