// The icon sprite lives in @portal/shared (its SPRITE_FILE) and is served by the host at
// /en/assets/icons.svg (its SPRITE_URL).
const fs = require('node:fs');
const path = require('node:path');

const appDir = path.join(__dirname, '..');
const SPRITE_FILE = path.join(
  appDir,
  'node_modules',
  '@portal',
  'shared',
  'src',
  'ui',
  'assets',
  'icons.svg',
);

function iconSpritePlugin() {
  if (!fs.existsSync(SPRITE_FILE)) throw new Error(`The icon sprite is missing: ${SPRITE_FILE}`);
  const CopyWebpackPlugin = require(require.resolve('copy-webpack-plugin', { paths: [appDir] }));
  return new CopyWebpackPlugin({ patterns: [{ from: SPRITE_FILE, to: 'assets/icons.svg' }] });
}

module.exports = { iconSpritePlugin };
