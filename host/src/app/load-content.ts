/**
 * The content client and its queries (`@portal/shared/content`), urql with them: loaded only for what
 * needs them (a page that came with content, a page tree to fetch, a content title after a language
 * switch), so that the start-up of a student's page or the login carries none of it.
 */
export const loadContent = () => import(/* webpackChunkName: "on-demand-content" */ '@portal/shared/content');
