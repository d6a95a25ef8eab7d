// The host exposes nothing and declares no remotes at build time: their URLs come from
// /en/remotes.json at start-up, so remotes are deployed without rebuilding the host.
const path = require('node:path');
const { faviconDataUrl } = require('./assets.cjs');

const appOptions = {
  appDir: path.join(__dirname, '..'),
  name: 'host',
  kind: 'host',
  publicPath: '/en/',
  // The runtime config comes in the page from the host server (server/start-data.ts); only the dev
  // server's page fetches /en/remotes.json, so nothing is preloaded for it.
  preloadFetches: [],
  templateParameters: { faviconHref: faviconDataUrl() },
};

module.exports = { appOptions };
