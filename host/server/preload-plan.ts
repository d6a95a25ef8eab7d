// What the browser should fetch early for a page: the host's own start-up files, and the remote that
// serves the URL (its manifest, its entry, the scripts of its `./pages` and the page's own chunk), all
// read from what each remote's build publishes.
import { pageChunkName } from '@portal/shared/route-table';
import type { Manifest, PageAssets } from './remote-documents';

/** A preload of the page: what to fetch early, and how the page will ask for it. */
export type Preload = {
  href: string;
  as: 'fetch' | 'script' | 'style';
  /** `low`: fetched after what the page needs first, as the start-up's own scripts are (HTTP/1.1 has six connections). */
  priority?: 'low';
};

/**
 * What to preload for a remote's page: its manifest, its entry, the scripts of its `./pages` and,
 * when the remote's `page-assets.json` lists it, the page's own chunk with its scripts and styles.
 */
export function remotePreloads(
  manifestUrl: string,
  manifest: Manifest | undefined,
  pageAssets?: PageAssets,
  page?: string,
): Preload[] {
  const preloads: Preload[] = [{ href: manifestUrl, as: 'fetch' }];
  if (!manifest) return preloads;
  const publicPath = manifest.metaData?.publicPath;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name)
    preloads.push({ href: new URL(`${entry.path ?? ''}${entry.name}`, base).href, as: 'script' });
  const pages = manifest.exposes?.find((expose) => expose.path === './pages' || expose.name === 'pages');
  for (const file of pages?.assets?.js?.sync ?? [])
    preloads.push({ href: new URL(file, base).href, as: 'script' });
  const chunk =
    page && pageAssets && typeof pageAssets === 'object' ? pageAssets[pageChunkName(page)] : undefined;
  for (const file of Array.isArray(chunk?.css) ? chunk.css : [])
    if (typeof file === 'string') preloads.push({ href: new URL(file, base).href, as: 'style' });
  for (const file of Array.isArray(chunk?.js) ? chunk.js : [])
    if (typeof file === 'string') preloads.push({ href: new URL(file, base).href, as: 'script' });
  return preloads;
}

/** A `Link` header value for the preloads (a proxy or CDN in front may turn it into 103 Early Hints). */
export function linkHeader(preloads: readonly Preload[]): string {
  return preloads
    .map(
      ({ href, as }) => `<${href}>; rel=preload; as=${as}${as === 'fetch' ? '; crossorigin=anonymous' : ''}`,
    )
    .join(', ');
}
