// The service worker is a build of its own: a worker script with a fixed name, /en/sw.js (a worker is
// registered by URL, and its scope, /en/, is the folder it is served from), bundling the Workbox
// modules it uses. It runs after the app's build, which empties dist/ first. Nothing of it is in the
// app's bundles: the page only registers it, after the load event (src/index.ts).
const path = require('node:path');
const zlib = require('node:zlib');

const appDir = path.join(__dirname, '..');
const load = (name) => require(require.resolve(name, { paths: [appDir] }));

/** @param {{ dependsOn: string }} options */
function serviceWorkerConfig({ dependsOn }) {
  const CompressionPlugin = load('compression-webpack-plugin');
  return {
    name: 'service-worker',
    dependencies: [dependsOn],
    mode: 'production',
    context: appDir,
    target: ['webworker', 'es2020'],
    entry: { sw: './src/service-worker/sw.ts' },
    devtool: 'hidden-source-map',
    output: { path: path.join(appDir, 'dist'), filename: '[name].js', publicPath: '/en/', clean: false },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader', { paths: [appDir] }),
            options: {
              transpileOnly: true,
              configFile: path.join(appDir, 'src', 'service-worker', 'tsconfig.json'),
              compilerOptions: { noEmit: false, sourceMap: true },
            },
          },
        },
      ],
    },
    plugins: [
      ...[
        [
          'br',
          'brotliCompress',
          { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
        ],
        ['gz', 'gzip', { level: 9 }],
      ].map(
        ([extension, algorithm, compressionOptions]) =>
          new CompressionPlugin({
            filename: `[path][base].${extension}`,
            algorithm,
            test: /\.js$/,
            compressionOptions,
            threshold: 0,
            minRatio: 1,
          }),
      ),
    ],
    performance: { hints: false },
  };
}

module.exports = { serviceWorkerConfig };
