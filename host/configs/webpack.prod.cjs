const { APART_CHUNK_PREFIX } = require('../../configs/chunk-files.cjs');
const { prodConfig } = require('../../configs/webpack.prod.cjs');
const { iconSpritePlugin } = require('./assets.cjs');
const { appOptions } = require('./federation.cjs');
const { serviceWorkerConfig } = require('./service-worker.cjs');

const host = prodConfig({ ...appOptions, plugins: [iconSpritePlugin()] });

// The consent banner and what goes with it (its English texts, Consent Mode, the footer's link) load
// with the start-up but in a file of their own, so that check-budgets can hold them to their own
// budget. Its Dutch texts stay with the host's (on-demand-locale-nl).
const consentChunk = {
  test: /[\\/]src[\\/]features[\\/]consent[\\/](?!locales[\\/]nl\.json$)/,
  name: `${APART_CHUNK_PREFIX}consent`,
  chunks: 'async',
  enforce: true,
};

// The content client with urql (and wonka, the GraphQL parser) in one file: the start-up leaves them
// out, and a page that shows content fetches (or the server preloads) one file instead of four.
const contentChunk = {
  test: /[\\/](shared[\\/]src[\\/]content[\\/](index|content-client|queries|urql)\.ts$|node_modules[\\/]\.pnpm[\\/](urql|@urql|wonka|@0no-co)[^\\/]*[\\/])/,
  name: 'shared-content',
  chunks: 'async',
  enforce: true,
};

module.exports = [
  {
    ...host,
    name: 'host',
    optimization: {
      ...host.optimization,
      splitChunks: { cacheGroups: { consent: consentChunk, content: contentChunk } },
    },
  },
  serviceWorkerConfig({ dependsOn: 'host' }),
];
