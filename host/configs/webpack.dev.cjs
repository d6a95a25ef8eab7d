// Hot-reload development of the host on HOST_PORT: /en/remotes.json and the backend proxies behave
// like the production server (host/server), with the same env variables and defaults.
const { devConfig } = require('../../configs/webpack.dev.cjs');
const { iconSpritePlugin } = require('./assets.cjs');
const { appOptions } = require('./federation.cjs');

const env = process.env;
const remote = (name, port) =>
  env[`REMOTE_${name.toUpperCase()}_URL`] || `http://localhost:${port}/mf-manifest.json`;
const runtimeConfig = {
  remotes: {
    account: remote('account', 8081),
    insurance: remote('insurance', 8082),
    billing: remote('billing', 8083),
    service: remote('service', 8084),
  },
  gtmId: env.GTM_ID || null,
  contentRoot:
    env.CONTENT_ROOT === 'test'
      ? '/sitecore/content/expat-portal-test/home'
      : '/sitecore/content/expat-portal/home',
};
const apiOrigin = env.API_ORIGIN || 'http://localhost:8090';
const contentOrigin = env.CONTENT_ORIGIN || 'http://localhost:8090';
const contentApiKey = env.CONTENT_API_KEY || 'portal-dev-content-key';

module.exports = devConfig({
  ...appOptions,
  plugins: [iconSpritePlugin()],
  port: Number(env.HOST_PORT || 8080),
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
    proxy: [
      { context: ['/api', '/pacos'], target: apiOrigin, changeOrigin: true },
      {
        context: ['/sitecore/api'],
        target: contentOrigin,
        changeOrigin: true,
        pathRewrite: (requestPath) => {
          const url = new URL(requestPath, 'http://localhost');
          url.searchParams.set('sc_apikey', contentApiKey);
          return `${url.pathname}${url.search}`;
        },
      },
    ],
  },
});
