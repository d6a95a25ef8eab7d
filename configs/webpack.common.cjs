// Webpack set-up shared by the host and the remotes (module-federation-examples style): each app's
// configs/webpack.{prod,dev}.cjs is a few lines around these factories.
const fs = require('node:fs');
const path = require('node:path');
const { createFederationPlugin, federationAliases } = require('./federation.cjs');
const {
  APART_CHUNK_PREFIX,
  ON_DEMAND_CHUNK_PREFIX,
  PAGE_CHUNK_PREFIX,
  chunkGroupFiles,
  chunkGroupConsumes,
  startupFiles,
  providedShareFiles,
  byType,
} = require('./chunk-files.cjs');
const { RemoteRoutesPlugin } = require('./remote-routes.cjs');
const { AssetListPlugin } = require('./plugins/asset-list-plugin.cjs');
const { CompileHintsPlugin } = require('./plugins/compile-hints-plugin.cjs');
const { RemoteEntryBudgetPlugin } = require('./plugins/remote-entry-budget-plugin.cjs');
const { StarterScriptPlugin, starterFileOf } = require('./plugins/starter-script-plugin.cjs');
const { StartupChunksPlugin } = require('./plugins/startup-chunks-plugin.cjs');
const { StartupPreloadPlugin } = require('./plugins/startup-preload-plugin.cjs');

/**
 * @typedef {object} AppOptions
 * @property {string} appDir the app folder (holds package.json)
 * @property {string} name the federation name (`host`, `account`, `insurance`, `billing`, `service`)
 * @property {'host' | 'remote'} kind
 * @property {Record<string, string>} [exposes]
 * @property {string} [publicPath] defaults to '/en/' for the host and 'auto' for remotes
 * @property {'production' | 'development'} mode
 * @property {Array<object>} [plugins] app-specific plugins
 * @property {string[]} [preloadFetches] host only: URLs the page always fetches at start-up
 * @property {Record<string, string>} [templateParameters] values the app's index.html names (`<%= name %>`)
 */

/** @param {string} appDir @param {string} request */
function load(appDir, request) {
  return require(require.resolve(request, { paths: [appDir] }));
}

/**
 * The host's `startup-assets.json`: the starter script, then the start-up JS and CSS
 * ({@link startupFiles}). The service worker keeps these for use without a network, and the budgets
 * count them.
 */
const startupAssetsPlugin = (webpack) =>
  new AssetListPlugin({
    webpack,
    file: 'startup-assets.json',
    list: (compilation) => {
      const starter = starterFileOf(compilation);
      return byType([...(starter ? [starter] : []), ...startupFiles(compilation)]);
    },
  });

/** The shared modules a page that shows content consumes, and the start-up does not load. */
const CONTENT_SHARE_KEYS = ['@portal/shared/content', '@portal/shared/urql'];

/**
 * The host's `content-assets.json`: the scripts of the content client and urql, which the start-up
 * leaves out ({@link providedShareFiles}). The host server preloads them with a page that shows
 * content, so that they travel beside the start-up files instead of a round trip after them.
 */
const contentAssetsPlugin = (webpack) =>
  new AssetListPlugin({
    webpack,
    file: 'content-assets.json',
    list: (compilation) => ({
      ...byType(providedShareFiles(compilation, CONTENT_SHARE_KEYS)),
      shared: CONTENT_SHARE_KEYS,
    }),
  });

/**
 * A remote's `page-assets.json`: for each lazy page chunk named `page-…`, the JS and CSS the browser
 * fetches to show that page inside the host ({@link chunkGroupFiles}: the shared modules come from
 * the host), and the shared modules it consumes (`shared`: the host server preloads the content
 * client's scripts for a page that consumes it). check-budgets adds the login page's to the first load of /en/login.
 */
const pageAssetsPlugin = (webpack) =>
  new AssetListPlugin({
    webpack,
    file: 'page-assets.json',
    list: (compilation) =>
      Object.fromEntries(
        [...compilation.namedChunkGroups]
          .filter(([name]) => name.startsWith(PAGE_CHUNK_PREFIX))
          .map(([name, group]) => [
            name,
            {
              ...byType(chunkGroupFiles(compilation, [group])),
              shared: chunkGroupConsumes(compilation, [group]),
            },
          ]),
      ),
  });

/**
 * react-router's package exports point at its development build whatever the mode: it keeps its
 * warnings and dev-only checks (0.4 KB gzip on every page). Production builds take the production
 * build the package ships beside it.
 * @param {string} appDir
 */
function reactRouterProductionAliases(appDir) {
  const routerDom = path.dirname(require.resolve('react-router-dom/package.json', { paths: [appDir] }));
  const routerDir = path.dirname(require.resolve('react-router/package.json', { paths: [routerDom] }));
  const aliases = {
    'react-router$': path.join(routerDir, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(routerDir, 'dist', 'production', 'dom-export.mjs'),
  };
  for (const file of Object.values(aliases)) {
    if (!fs.existsSync(file)) throw new Error(`react-router's production build is missing: ${file}`);
  }
  return aliases;
}

/** @param {AppOptions} options */
function commonConfig(options) {
  const { appDir, name, kind, exposes, mode, plugins = [], preloadFetches = [] } = options;
  const webpack = load(appDir, 'webpack');
  const HtmlWebpackPlugin = load(appDir, 'html-webpack-plugin');
  const MiniCssExtractPlugin = load(appDir, 'mini-css-extract-plugin');
  const production = mode === 'production';
  const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const publicPath = options.publicPath ?? (kind === 'host' ? '/en/' : 'auto');

  return {
    mode,
    context: appDir,
    entry: { main: './src/index.ts' },
    target: ['web', 'es2020'],
    output: {
      path: path.join(appDir, 'dist'),
      publicPath,
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Each app gets its own chunk-loading global so remotes never overwrite each other's chunks.
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: {
        ...federationAliases({ appDir, exposes }),
        ...(production ? reactRouterProductionAliases(appDir) : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader', { paths: [appDir] }),
            options: {
              transpileOnly: true,
              configFile: path.join(appDir, 'tsconfig.json'),
              compilerOptions: { noEmit: false, sourceMap: true },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : require.resolve('style-loader', { paths: [appDir] }),
            require.resolve('css-loader', { paths: [appDir] }),
          ],
        },
        { test: /\.(svg|png|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      createFederationPlugin({ appDir, name, exposes, production }),
      new webpack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(pkg.version),
      }),
      // A production remote borrows the host's federation runtime, so its own page could not start:
      // it ships assets only. Standalone pages are for the dev server, where the runtime is bundled.
      ...(kind === 'host' || !production
        ? [
            new HtmlWebpackPlugin({
              template: path.join(appDir, 'src', 'index.html'),
              // Only the app's own entry: the remote entry is loaded by the federation runtime.
              chunks: ['main'],
              scriptLoading: 'defer',
              minify: production,
              templateParameters: options.templateParameters ?? {},
            }),
          ]
        : []),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:8].css',
              chunkFilename: 'assets/[name].[contenthash:8].css',
            }),
          ]
        : []),
      // Budgets are about what students download: production builds only.
      ...(kind === 'remote'
        ? [
            // The remote's route table, for the host (and the remote's own dev page).
            new RemoteRoutesPlugin({ webpack, appDir }),
            ...(production ? [new RemoteEntryBudgetPlugin({ webpack }), pageAssetsPlugin(webpack)] : []),
          ]
        : [
            ...(production
              ? [
                  new StartupChunksPlugin({
                    onDemandPrefix: ON_DEMAND_CHUNK_PREFIX,
                    apartPrefix: APART_CHUNK_PREFIX,
                  }),
                ]
              : []),
            startupAssetsPlugin(webpack),
            contentAssetsPlugin(webpack),
            new StartupPreloadPlugin({ HtmlWebpackPlugin, fetches: preloadFetches }),
            new StarterScriptPlugin({
              HtmlWebpackPlugin,
              webpack,
              source: path.join(appDir, 'src', 'start-after-paint.js'),
            }),
          ]),
      // The scripts a first load runs whole: the entries and what they load, except on-demand chunks
      // (the host's start-up files; a remote's entry, exposed modules and page files).
      ...(production ? [new CompileHintsPlugin({ webpack, files: startupFiles })] : []),
      ...plugins,
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { commonConfig };
