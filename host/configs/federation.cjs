// The host exposes nothing and declares no remotes at build time: their URLs come from
// /en/remotes.json at start-up, so remotes are deployed without rebuilding the host.
const path = require('node:path');

const appOptions = {
  appDir: path.join(__dirname, '..'),
  name: 'host',
  kind: 'host',
  publicPath: '/en/',
  // Fetched first thing at start-up (RUNTIME_CONFIG_URL in src/app/runtime-config.ts): preloaded by
  // index.html so it downloads alongside the entry instead of after it.
  preloadFetches: ['/en/remotes.json'],
};

module.exports = { appOptions };
