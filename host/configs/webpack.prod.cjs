const { prodConfig } = require('../../configs/webpack.prod.cjs');
const { iconSpritePlugin } = require('./assets.cjs');
const { appOptions } = require('./federation.cjs');

module.exports = prodConfig({ ...appOptions, plugins: [iconSpritePlugin()] });
