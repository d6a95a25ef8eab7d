// Production variant: hashed file names, extracted CSS, source maps as separate files.
const { commonConfig } = require('./webpack.common.cjs');

/** @param {Omit<import('./webpack.common.cjs').AppOptions, 'mode'>} options */
function prodConfig(options) {
  const config = commonConfig({ ...options, mode: 'production' });
  return {
    ...config,
    devtool: 'source-map',
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
  };
}

module.exports = { prodConfig };
