/**
 * The browser's runtime, `@portal/shared`: what must exist once on the page (the auth store, the HTTP
 * client, i18n, the global alert), shared as a Module Federation singleton and so bundled whole. The
 * content client and its queries are a singleton entry of their own, `@portal/shared/content`, so
 * that urql loads only with a page that shows content. What holds no state is bundled by each app,
 * tree-shaken: a few entries of this package (`/api-reason`, `/get-json`, `/route-paths`,
 * `/keep-offline-message`, …) and the packages of the other layers, `@portal/contract`, `@portal/ui`,
 * `@portal/server` and `@portal/testing`.
 */
export * from './alert';
export * from './auth';
export * from './http';
export * from './i18n';
export * from './routing';
