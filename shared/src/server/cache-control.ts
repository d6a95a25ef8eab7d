import path from 'node:path';

/** Long-lived caching for files whose name carries a content hash (`main.1a2b3c4d.js`). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Revalidate on every use (with the ETag) for files whose name never changes. */
export const NO_CACHE = 'no-cache';

const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;
/** The build's brotli and gzip copies (`main.1a2b3c4d.js.br`) are cached like the file they copy. */
const COMPRESSED_COPY = /\.(br|gz)$/i;

/**
 * Cache-Control for a served file: hashed assets are immutable; `index.html`, `mf-manifest.json`,
 * `remoteEntry.js` and anything else with a stable name must be revalidated so a redeploy is seen.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath).replace(COMPRESSED_COPY, '')) ? IMMUTABLE : NO_CACHE;
}
