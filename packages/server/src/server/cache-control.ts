import path from 'node:path';

/** Long-lived caching for files whose name carries a content hash (`main.1a2b3c4d.js`). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Revalidate on every use (with the ETag) for files whose name never changes. */
export const NO_CACHE = 'no-cache';

/**
 * The icon sprite (`/en/assets/icons.svg`, at a fixed URL that every remote's icons name): fresh for
 * five minutes. A page's frame and then its app each refer to it; with `no-cache` the browser asked
 * again (a 304) whenever the app's icons came after the page had loaded. A new sprite reaches a
 * returning browser within five minutes of a release.
 */
export const SHORT_LIVED = 'public, max-age=300';
const SHORT_LIVED_NAMES = new Set(['icons.svg']);

const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;
/** The build's brotli and gzip copies (`main.1a2b3c4d.js.br`) are cached like the file they copy. */
const COMPRESSED_COPY = /\.(br|gz)$/i;

/**
 * Cache-Control for a served file: hashed assets are immutable; the icon sprite is fresh for a few
 * minutes; `index.html`, `mf-manifest.json`, `remoteEntry.js` and anything else with a stable name
 * must be revalidated so a redeploy is seen.
 */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(COMPRESSED_COPY, '');
  if (HASHED_NAME.test(name)) return IMMUTABLE;
  return SHORT_LIVED_NAMES.has(name) ? SHORT_LIVED : NO_CACHE;
}
