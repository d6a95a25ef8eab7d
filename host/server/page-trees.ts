// The content page tree the page carries (so the browser need not ask the content system), from the
// content system, kept on disk each time it changes; when the content system cannot give it, the one
// kept last (by this host or before its restart).
import { PAGES_QUERY_SOURCE } from '@portal/shared/page-tree';
import type { HostServerConfig } from './config';
import type { PageTreeCache } from './page-tree-cache';
import { readPageTree } from './remote-documents';
import { fetchJson, swrCache } from './swr-cache';

/** The content language of the embedded tree (the default; a Dutch visitor's browser asks for its own). */
export const EMBEDDED_LANGUAGE = 'en';

/** The page trees by content root, and `primed`, which resolves once the tree kept on disk is in. */
export function createPageTrees(
  config: Pick<HostServerConfig, 'contentOrigin' | 'contentApiKey' | 'runtime'>,
  fetchImpl: typeof fetch,
  kept?: PageTreeCache,
) {
  const treeKey = (root: string) => ({ contentOrigin: config.contentOrigin, root, lang: EMBEDDED_LANGUAGE });
  const fetchPageTree = async (root: string, signal: AbortSignal) =>
    readPageTree(
      await fetchJson(
        fetchImpl,
        `${config.contentOrigin}/sitecore/api/graph/edge?${new URLSearchParams({ sc_apikey: config.contentApiKey })}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            operationName: 'pages',
            variables: { path: root, lang: EMBEDDED_LANGUAGE },
            query: PAGES_QUERY_SOURCE,
          }),
        },
        signal,
      ),
      root,
    );
  const pageTrees = swrCache(async (root, signal) => {
    try {
      const pages = await fetchPageTree(root, signal);
      void kept?.write(treeKey(root), pages);
      return pages;
    } catch (error) {
      const last = await kept?.read(treeKey(root));
      if (last) return last;
      throw error;
    }
  });
  // A host that starts knows the kept tree at once, served stale while the content system is asked
  // (a content system that hangs would otherwise hold the first pages back without a tree).
  const primed = (async () => {
    const root = config.runtime.contentRoot;
    const last = await kept?.read(treeKey(root));
    if (last && !pageTrees.has(root)) pageTrees.set(root, { value: last }, { ttl: 1 });
  })();
  return { pageTrees, primed };
}
