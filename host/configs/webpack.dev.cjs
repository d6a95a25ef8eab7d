// Hot-reload development of the host on HOST_PORT: /en/remotes.json and the backend proxies behave
// like the production server (host/server), with the same env variables and defaults (the backend
// proxies come from configs/webpack.dev.cjs, as for every dev server).
const { devConfig } = require('../../configs/webpack.dev.cjs');
const { iconSpritePlugin } = require('./assets.cjs');
const { appOptions } = require('./federation.cjs');

const { remoteManifestUrl, REMOTE_URL_VARIABLES } = require('../../configs/topology.cjs');

const env = process.env;
const runtimeConfig = {
  remotes: Object.fromEntries(
    Object.entries(REMOTE_URL_VARIABLES).map(([name, variable]) => [
      name,
      env[variable] || remoteManifestUrl(name),
    ]),
  ),
  gtmId: env.GTM_ID || null,
  contentRoot:
    env.CONTENT_ROOT === 'test'
      ? '/sitecore/content/expat-portal-test/home'
      : '/sitecore/content/expat-portal/home',
};

module.exports = devConfig({
  ...appOptions,
  plugins: [iconSpritePlugin()],
  devServer: {
    historyApiFallback: {
      index: '/en/index.html',
      rewrites: [{ from: /^\/(?!en\/).*$/, to: '/en/index.html' }],
    },
    setupMiddlewares: (middlewares, server) => {
      server.app.get('/en/remotes.json', (_req, res) => res.json(runtimeConfig));
      server.app.get('/', (_req, res) => res.redirect(302, '/en/'));
      server.app.get('/favicon.ico', (_req, res) => res.redirect(301, '/en/favicon.svg'));
      return middlewares;
    },
  },
});
