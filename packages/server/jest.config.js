const { jestConfig } = require('../../configs/jest.base.cjs');

module.exports = jestConfig({ rootDir: __dirname });
