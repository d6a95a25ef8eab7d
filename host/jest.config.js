const { jestConfig } = require('../configs/jest.base.cjs');

const base = jestConfig({ rootDir: __dirname });

module.exports = {
  ...base,
  // jsdom without fetch/TextEncoder breaks ky and react-router 7; this jsdom keeps Node's globals.
  testEnvironment: base.testEnvironment === 'jsdom' ? 'jest-fixed-jsdom' : base.testEnvironment,
  // __APP_VERSION__ is set by webpack's DefinePlugin in builds.
  globals: { __APP_VERSION__: '0.1.1' },
};
