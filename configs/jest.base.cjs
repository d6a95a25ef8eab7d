// One Jest set-up for every package: SWC transpiles TS/TSX (types are checked by `tsc --noEmit`),
// and ESM-only dependencies (ky, valibot, ...) are transpiled too so that tests run as CommonJS.
const path = require('node:path');

/** @param {{ rootDir: string, environment?: 'jsdom' | 'node' }} options */
function jestConfig({ rootDir, environment = 'jsdom' }) {
  return {
    rootDir,
    testEnvironment: environment,
    // The first test of a file pays for its imports (a whole server, react-dom); on two busy cores
    // that took over Jest's 5 s once. A test that waits for something that never comes still fails.
    testTimeout: 15_000,
    testMatch: [
      '<rootDir>/src/**/*.test.ts?(x)',
      '<rootDir>/test/**/*.test.ts?(x)',
      '<rootDir>/server/**/*.test.ts',
    ],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        require.resolve('@swc/jest', { paths: [rootDir] }),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // pnpm keeps packages under node_modules/.pnpm/<name>@<version>/node_modules/<name>;
    // transpile everything except the big CommonJS-only packages.
    transformIgnorePatterns: [
      '/node_modules/\\.pnpm/(react|react-dom|scheduler|jsdom|@testing-library)[^/]*/',
    ],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    // Components import their own stylesheets; tests look at roles and text, not at styles.
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'jest.style-stub.cjs') },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest.setup-dom.cjs')] : [],
    clearMocks: true,
  };
}

module.exports = { jestConfig };
