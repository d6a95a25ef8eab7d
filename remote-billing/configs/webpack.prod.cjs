const { prodConfig } = require('../../configs/webpack.prod.cjs');
const { appOptions } = require('./federation.cjs');

module.exports = prodConfig(appOptions);
