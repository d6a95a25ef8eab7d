export type { ExposedPages, PageProps } from './page-props';
export { BASENAME, paths, ROUTE_PATTERNS } from './paths';
export { loginWithRedirect, readRedirect, REDIRECT_PARAM, safeRedirect } from './redirect';
export {
  NAVIGATION_CONTENT_PAGES,
  parsePublishedRoutes,
  PUBLISHED_ROUTES_FILE,
  SPEC_FIXED_ROUTES,
} from './remote-routes';
export type {
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
