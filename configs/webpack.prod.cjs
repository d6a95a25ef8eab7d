// Production variant: hashed file names, extracted CSS, hidden source maps: kept beside the build for
// reading stack traces, referenced by no bundle and never served (see createStaticServer).
const { commonConfig } = require('./webpack.common.cjs');

/** @param {Omit<import('./webpack.common.cjs').AppOptions, 'mode'>} options */
function prodConfig(options) {
  const config = commonConfig({ ...options, mode: 'production' });
  return {
    ...config,
    devtool: 'hidden-source-map',
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
  };
}

module.exports = { prodConfig };
