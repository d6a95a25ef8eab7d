// Production variant: hashed file names, extracted and minified CSS, hidden source maps (kept beside the build for
// reading stack traces, referenced by no bundle and never served, see createStaticServer), and every
// text asset compressed once at build time (brotli and gzip beside the file), which the servers send as
// they are to a browser that accepts them (`preCompressed` in packages/server/src/server/static-server.ts).
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { CompactJsonPlugin } = require('./plugins/compact-json-plugin.cjs');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { commonConfig } = require('./webpack.common.cjs');

/** The files worth compressing: every text asset a browser fetches. */
const TEXT_ASSETS = /\.(js|mjs|css|json|svg|html)$/;

/** The build's precompressed copies: `<file>.br` at brotli's best level and `<file>.gz` at gzip's. */
function compressionPlugins() {
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: TEXT_ASSETS,
      compressionOptions: /** @type {import('zlib').ZlibOptions} */ (
        /** @type {import('zlib').BrotliOptions} */ ({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        })
      ),
      threshold: 0,
      minRatio: 1,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: TEXT_ASSETS,
      compressionOptions: { level: 9 },
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

/** @param {Omit<import('./webpack.common.cjs').AppOptions, 'mode'>} options */
function prodConfig(options) {
  const config = commonConfig({ ...options, mode: 'production' });
  return {
    ...config,
    devtool: 'hidden-source-map',
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // webpack's own script minifier ('...'), and cssnano for the extracted CSS, which webpack leaves
      // as written (comments and all) otherwise.
      minimizer: ['...', new CssMinimizerPlugin()],
    },
    // JSON compacted before it is compressed (the compressed copies are made of the file as served).
    plugins: [...config.plugins, new CompactJsonPlugin(), ...compressionPlugins()],
  };
}

module.exports = { prodConfig, TEXT_ASSETS };
