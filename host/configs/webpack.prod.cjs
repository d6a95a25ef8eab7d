const { prodConfig } = require('../../configs/webpack.prod.cjs');
const { iconSpritePlugin } = require('./assets.cjs');
const { appOptions } = require('./federation.cjs');
const { serviceWorkerConfig } = require('./service-worker.cjs');

module.exports = [
  { ...prodConfig({ ...appOptions, plugins: [iconSpritePlugin()] }), name: 'host' },
  serviceWorkerConfig({ dependsOn: 'host' }),
];
