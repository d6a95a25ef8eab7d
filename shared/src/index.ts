/**
 * The browser API of `@portal/shared`: what must exist once on the page (the auth store, the HTTP
 * client, the content client, i18n, the global alert), shared as a Module Federation singleton and
 * so bundled whole. What holds no state has its own entry, which each app bundles tree-shaken: the UI
 * kit under `/ui`, and the pure modules (`/validation`, `/domain`, `/wire`, `/content-roots`). Node
 * code is under `/server`, test helpers under `/testing`, the stylesheet under `/styles`, and the
 * dev-only standalone mount under `/standalone`.
 */
export * from './alert';
export * from './auth';
export * from './content';
export * from './emergency-pass';
export * from './http';
export * from './i18n';
export * from './routing';
