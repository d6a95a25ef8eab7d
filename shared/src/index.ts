/**
 * The browser API of `@portal/shared`: what the host and every remote need once. Pure modules
 * have their own entries (`/validation`, `/domain`, `/wire`, `/content-roots`); node code is under
 * `/server`, test helpers under `/testing`, the stylesheet under `/styles`, and the dev-only
 * standalone mount under `/standalone` (so it is not in the shared module every page loads).
 */
export * from './alert';
export * from './auth';
export * from './content';
export * from './domain';
export * from './http';
export * from './i18n';
export * from './routing';
export * from './ui';
