import type { Client } from '@portal/shared/urql';
import type { ContentPage, PagesQuery } from '@portal/shared/content';
import { buildContentRoutes, FALLBACK_HOME_ROUTE } from './build-content-routes';
import type { ContentRoute } from './build-content-routes';

/** The content client with the page tree's query, loaded when the tree must be fetched. */
export type PageTreeClient = { client: Client; PagesQuery: typeof PagesQuery };

/**
 * Loads the content page tree and turns it into routes. The content client (and urql with it) is
 * asked for only when the page did not bring the tree in its language (`loadClient`). Whatever goes
 * wrong (network, GraphQL error, no tree) the portal still starts, with the fallback home route only
 * (docs/requirements.md §8).
 */
export async function loadContentRoutes(
  loadClient: () => Promise<PageTreeClient>,
  contentRoot: string,
  lang: string,
  embedded?: { root: string; lang: string; pages: unknown },
): Promise<ContentRoute[]> {
  // The tree the host server put in the page (the content system's, or the one it kept on disk).
  let embeddedRoutes: ContentRoute[] | undefined;
  if (embedded && embedded.root === contentRoot && Array.isArray(embedded.pages)) {
    try {
      const routes = buildContentRoutes(embedded.pages as ContentPage[], contentRoot);
      if (routes.length > 1) embeddedRoutes = routes;
    } catch (error) {
      console.warn('The embedded page tree is not valid; fetching it.', error);
    }
  }
  if (embeddedRoutes && embedded?.lang === lang) return embeddedRoutes;
  try {
    const { client, PagesQuery } = await loadClient();
    const result = await client
      .query(PagesQuery, { path: contentRoot, lang }, { requestPolicy: 'network-only' })
      .toPromise();
    const pages = result.data?.item?.pages;
    if (result.error || !pages) throw result.error ?? new Error(`No page tree at ${contentRoot}.`);
    return buildContentRoutes(pages, contentRoot);
  } catch {
    // The tree in another language has the same paths: better than no content page at all.
    if (embeddedRoutes) return embeddedRoutes;
    console.log('No additional routes loaded');
    return [FALLBACK_HOME_ROUTE];
  }
}
