// Development variant: webpack-dev-server with hot reload, CORS so that the host page can load a
// remote's chunks from another port, and history fallback for client-side routes.
const { commonConfig } = require('./webpack.common.cjs');

/**
 * @param {Omit<import('./webpack.common.cjs').AppOptions, 'mode'> & {
 *   port: number,
 *   devServer?: Record<string, unknown>,
 * }} options
 */
function devConfig({ port, devServer = {}, ...options }) {
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
      ...devServer,
    },
  };
}

module.exports = { devConfig };
