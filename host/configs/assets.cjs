// The icon sprite lives in @portal/ui (its SPRITE_FILE) and is served by the host at
// /en/assets/icons.svg (its SPRITE_URL). The favicon keeps a fixed name, /en/favicon.svg, because
// index.html links it and the server redirects /favicon.ico to it.
const fs = require('node:fs');
const path = require('node:path');

const appDir = path.join(__dirname, '..');
const SPRITE_FILE = path.join(appDir, 'node_modules', '@portal', 'ui', 'src', 'ui', 'assets', 'icons.svg');

const FAVICON_FILE = path.join(appDir, 'src', 'assets', 'favicon.svg');
// The web app manifest and its icons (rendered from the favicon, see e2e/support/render-app-icons.ts)
// keep fixed names too: index.html and the manifest link them.
const WEB_APP_MANIFEST_FILE = path.join(appDir, 'src', 'assets', 'manifest.webmanifest');
const APP_ICONS_DIR = path.join(appDir, 'src', 'assets', 'icons');
const FAVICON_PATH = 'favicon.svg';

function iconSpritePlugin() {
  if (!fs.existsSync(SPRITE_FILE)) throw new Error(`The icon sprite is missing: ${SPRITE_FILE}`);
  const CopyWebpackPlugin = require(require.resolve('copy-webpack-plugin', { paths: [appDir] }));
  return new CopyWebpackPlugin({
    patterns: [
      { from: SPRITE_FILE, to: 'assets/icons.svg' },
      { from: FAVICON_FILE, to: FAVICON_PATH },
      { from: WEB_APP_MANIFEST_FILE, to: 'manifest.webmanifest' },
      { from: APP_ICONS_DIR, to: 'icons' },
    ],
  });
}

/**
 * The favicon as a `data:` URL for index.html's icon link: every first visit fetched the 0.2 KB file
 * with half a kilobyte of response headers; inside the page it costs the compressed page a few dozen
 * bytes. The file stays at /en/favicon.svg for /favicon.ico and for what else links it.
 */
function faviconDataUrl() {
  const svg = fs
    .readFileSync(FAVICON_FILE, 'utf8')
    .replace(/\s*\n\s*/g, '')
    .trim()
    // Single quotes need no escape inside the double-quoted attribute; only what a URL cannot hold is
    // escaped (RFC 3986), which keeps the markup short and readable.
    .replaceAll('"', "'")
    .replace(/[%#<>{}|\\^`\s]/g, (character) => encodeURIComponent(character));
  return `data:image/svg+xml,${svg}`;
}

module.exports = { iconSpritePlugin, faviconDataUrl, FAVICON_PATH };
