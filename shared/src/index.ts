/**
 * The browser's runtime, `@portal/shared`: what must exist once on the page (the auth store, the HTTP
 * client, the content client, i18n, the global alert), shared as a Module Federation singleton and
 * so bundled whole. What holds no state is bundled by each app, tree-shaken: a few entries of this
 * package (`/api-reason`, `/get-json`, `/route-paths`, `/keep-offline-message`, …) and the packages
 * of the other layers, `@portal/contract`, `@portal/ui`, `@portal/server` and `@portal/testing`.
 */
export * from './alert';
export * from './auth';
export * from './content';
export * from './http';
export * from './i18n';
export * from './routing';
