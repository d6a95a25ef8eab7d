import type { ContentPage } from '@portal/shared/content';

/** How deep the content tree is turned into routes (docs/requirements.md §9). */
export const MAX_CONTENT_DEPTH = 4;

/** A route made from a content page. */
export type ContentRoute = {
  /** Route path, e.g. `/service-contact/faq`. */
  path: string;
  /** Route name: the path without its leading slash, e.g. `service-contact/faq`. */
  name: string;
  requiresAuth: boolean;
  /** Absent for the fallback home route, which has no content page behind it. */
  pageId?: string;
  pageTitle?: string;
};

/** The only route when the page tree cannot be loaded (docs/requirements.md §2). */
export const FALLBACK_HOME_ROUTE: ContentRoute = { path: '/home', name: 'home', requiresAuth: false };

/** Whether the routes came from a page tree, rather than being the fallback alone (no tree could be had). */
export function hasPageTree(routes: readonly ContentRoute[]): boolean {
  return routes.some((route) => route.pageId !== undefined);
}

/**
 * Slug of a page path, keeping the slashes: lower case, and every run of other characters a single
 * hyphen, e.g. `/Service Contact/FAQ & Tips` → `/service-contact/faq-tips`.
 */
export function slugifyPath(pagePath: string): string {
  const segments = pagePath
    .split('/')
    .map((segment) =>
      segment
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/**
 * Turns the content page tree into routes, depth first, at most {@link MAX_CONTENT_DEPTH} levels:
 * the content root prefix is removed from each page path and the rest is slugged. Pages outside
 * the root are skipped. A `/home` route is always there, because unknown paths redirect to it.
 */
export function buildContentRoutes(pages: readonly ContentPage[], contentRoot: string): ContentRoute[] {
  const root = contentRoot.replace(/\/+$/, '');
  const routes: ContentRoute[] = [];
  const seen = new Set<string>();

  const visit = (level: readonly ContentPage[], depth: number) => {
    if (depth > MAX_CONTENT_DEPTH) return;
    for (const page of level) {
      if (page.path.startsWith(`${root}/`)) {
        const path = slugifyPath(page.path.slice(root.length));
        if (path !== '/' && !seen.has(path)) {
          seen.add(path);
          routes.push({
            path,
            name: path.slice(1),
            requiresAuth: page.requiresAuth === true,
            pageId: page.id,
            pageTitle: page.pageTitle,
          });
        }
      }
      if (page.pages) visit(page.pages, depth + 1);
    }
  };
  visit(pages, 1);

  if (!seen.has(FALLBACK_HOME_ROUTE.path)) routes.push(FALLBACK_HOME_ROUTE);
  return routes;
}
