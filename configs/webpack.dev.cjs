// Development variant: webpack-dev-server with hot reload, CORS so that the host page can load a
// remote's chunks from another port, and history fallback for client-side routes.
const { commonConfig } = require('./webpack.common.cjs');
const { originOf, portOf } = require('./topology.cjs');

/**
 * The backends, proxied the way the host's production server does (host/server): `/api` and `/pacos`
 * to API_ORIGIN, the content endpoint to CONTENT_ORIGIN with the content key added on the server. Every
 * dev server has them, so a remote on its own page can log in and load real data.
 * @param {NodeJS.ProcessEnv} [env]
 */
function backendProxy(env = process.env) {
  const apiOrigin = env.API_ORIGIN || originOf('api', env);
  const contentOrigin = env.CONTENT_ORIGIN || originOf('api', env);
  const contentApiKey = env.CONTENT_API_KEY || 'portal-dev-content-key';
  return [
    { context: ['/api', '/pacos'], target: apiOrigin, changeOrigin: true },
    {
      context: ['/sitecore/api/graph/edge'],
      target: contentOrigin,
      changeOrigin: true,
      pathRewrite: (requestPath) => {
        const url = new URL(requestPath, 'http://localhost');
        url.searchParams.set('sc_apikey', contentApiKey);
        return `${url.pathname}${url.search}`;
      },
    },
  ];
}

/**
 * @param {Omit<import('./webpack.common.cjs').AppOptions, 'mode'> & {
 *   devServer?: Record<string, unknown>,
 *   devPort?: number,
 * }} options the app's port comes from the topology (configs/topology.cjs) by its federation name; a
 *   remote added later (`pnpm create-remote`) gives its own, `devPort`, which `PORT` overrides
 */
function devConfig({ devServer = {}, devPort, ...options }) {
  const name = /** @type {import('./topology.cjs').ProcessName} */ (options.name);
  const port = name === 'host' ? portOf('host') : Number(process.env.PORT || (devPort ?? portOf(name)));
  const config = commonConfig({ ...options, mode: 'development' });
  const publicPath = config.output.publicPath === 'auto' ? '/' : config.output.publicPath;
  return {
    ...config,
    devtool: 'eval-cheap-module-source-map',
    output: { ...config.output, clean: false },
    devServer: {
      port,
      host: 'localhost',
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: { index: `${publicPath}index.html` },
      client: { overlay: { warnings: false, errors: true } },
      proxy: backendProxy(),
      ...devServer,
    },
  };
}

module.exports = { devConfig, backendProxy };
