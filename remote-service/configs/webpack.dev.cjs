const { devConfig } = require('../../configs/webpack.dev.cjs');
const { appOptions } = require('./federation.cjs');

// Standalone development on the remote's own port (configs/topology.cjs); the backends are proxied
// like the host server does, so the remote's own page can log in and load real data.
module.exports = devConfig(appOptions);
