export type { ExposedPages, PageProps } from './page-props';
export { BASENAME, paths, ROUTE_PATTERNS } from './paths';
export { loginWithRedirect, readRedirect, REDIRECT_PARAM, safeRedirect } from './redirect';
