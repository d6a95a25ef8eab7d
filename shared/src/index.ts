/**
 * The browser's runtime, `@portal/shared`: what must exist once on the page (the auth store, the HTTP
 * client, the content client, i18n, the global alert), shared as a Module Federation singleton and
 * so bundled whole. What holds no state is bundled by each app, tree-shaken: a few entries of this
 * package (`/api-reason`, `/get-json`, `/route-paths`, `/keep-offline-message`, …) and the packages
 * of the other layers, `@portal/contract`, `@portal/ui`, `@portal/server` and `@portal/testing`.
 */
export * from './alert';
export * from './auth';
export * from './http';
export * from './i18n';
export * from './routing';
/**
 * @deprecated Import the content client and its queries from `@portal/shared/content`, a singleton of
 * its own: a page without content then loads no urql. Kept for one release, for the remotes of the
 * release before it; through the entry's name, so that the client stays one on the page.
 */
export * from '@portal/shared/content';
