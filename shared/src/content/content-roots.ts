// No imports: node code (the host server) reads these too, without loading any browser module.

/** Content root of the app's page tree. */
export const CONTENT_ROOT = '/sitecore/content/expat-portal/home';
/** Content root of the test app's page tree. */
export const TEST_CONTENT_ROOT = '/sitecore/content/expat-portal-test/home';
