export type { ExposedPages, PageProps } from './page-props';
export { BASENAME, paths } from './paths';
export { CONTENT_PAGE_PATHS, fillPath, ROUTE_PATHS, SUB_ROUTE_PATHS, subRoutePattern } from './route-paths';
export type { FixedRouteName, SubRouteName } from './route-paths';
export { loginWithRedirect, readRedirect, REDIRECT_PARAM, safeRedirect } from './redirect';
export {
  NAVIGATION_CONTENT_PAGES,
  parsePublishedRoutes,
  PUBLISHED_ROUTES_FILE,
  SPEC_FIXED_ROUTES,
  fillRouteParams,
  studentApiPath,
} from './remote-routes';
export type {
  FoundPublishedRoute,
  LocalizedTitle,
  PublishedRoute,
  PublishedRoutes,
  PublishedSubRoute,
  RemoteContentRoute,
  RemoteFixedRoute,
  RemoteRoute,
  RemoteRoutes,
  RemoteSubRoute,
  StaticPageProps,
} from './remote-routes';
