// What this remote publishes: one federated module, `./pages`, the page components the host composes.
const path = require('node:path');

const appOptions = {
  appDir: path.join(__dirname, '..'),
  name: 'service',
  kind: 'remote',
  exposes: { './pages': './src/exposed/pages.ts' },
};

module.exports = { appOptions };
