const { devConfig } = require('../../configs/webpack.dev.cjs');
const { appOptions } = require('./federation.cjs');

// Standalone development on the remote's own port; the backends are proxied like the host server does.
module.exports = devConfig({
  ...appOptions,
  port: Number(process.env.PORT ?? process.env.REMOTE_ACCOUNT_PORT ?? 8081),
});
