// Webpack set-up shared by the host and the remotes (module-federation-examples style): each app's
// configs/webpack.{prod,dev}.cjs is a few lines around these factories.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { createFederationPlugin, federationAliases } = require('./federation.cjs');
const { REMOTE_ENTRY_BUDGET_BYTES } = require('./budgets.cjs');
const { StartupChunksPlugin } = require('./startup-chunks.cjs');
const { RemoteRoutesPlugin } = require('./remote-routes.cjs');

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
 */

/** @param {string} appDir @param {string} request */
function load(appDir, request) {
  return require(require.resolve(request, { paths: [appDir] }));
}

/** Fails the build when remoteEntry.js grows past its budget. */
class RemoteEntryBudgetPlugin {
  /** @param {{ limitBytes?: number, webpack: any }} options */
  constructor({ limitBytes = REMOTE_ENTRY_BUDGET_BYTES, webpack }) {
    this.limitBytes = limitBytes;
    this.webpack = webpack;
  }

  apply(compiler) {
    const { Compilation, WebpackError } = this.webpack;
    compiler.hooks.thisCompilation.tap('RemoteEntryBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteEntryBudgetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const asset = assets['remoteEntry.js'];
          if (!asset) return;
          // As it travels: the brotli copy the servers send (see webpack.prod.cjs).
          const wireBytes = zlib.brotliCompressSync(asset.buffer(), {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }).length;
          const line = `remoteEntry.js: ${(wireBytes / 1024).toFixed(1)} KB brotli (budget ${this.limitBytes / 1024} KB)`;
          if (wireBytes > this.limitBytes) {
            compilation.errors.push(new WebpackError(`Budget exceeded: ${line}`));
          } else {
            compilation.getLogger('RemoteEntryBudgetPlugin').info(line);
            console.log(line);
          }
        },
      );
    });
  }
}

/** Chunks loaded only when a feature needs them (`webpackChunkName: "on-demand-…"`), not at start-up. */
const ON_DEMAND_CHUNK_PREFIX = 'on-demand-';

/** Module types of the federation's provide and consume modules (@module-federation/enhanced). */
const PROVIDE_SHARED_MODULE_TYPE = 'provide-module';
const CONSUME_SHARED_MODULE_TYPE = 'consume-shared-module';

/**
 * Whether a chunk group is only the fallback of shared modules this build provides itself. webpack
 * emits a shared module twice: once for the provided copy (registered in the share scope at start-up)
 * and once as the fallback of every consume of it, a chunk the browser fetches only when the scope has
 * no copy at all. Since the host registers its own copy before anything consumes, such a fallback is
 * never fetched; counting it would count that module twice.
 * @param {any} group @param {Set<string>} provided `scope|shareKey` of this build's provided modules
 */
function isProvidedShareFallback(group, provided) {
  const origins = group.origins ?? [];
  return (
    origins.length > 0 &&
    origins.every(({ module }) => {
      if (module?.type !== CONSUME_SHARED_MODULE_TYPE) return false;
      const { shareScope, shareKey } = module.options;
      const scopes = Array.isArray(shareScope) ? shareScope : [shareScope];
      return scopes.every((scope) => provided.has(`${scope}|${shareKey}`));
    })
  );
}

/**
 * The JS and CSS files of some chunk groups and of every group they load in turn, sorted: except the
 * on-demand groups, the fallbacks of shared modules this build provides itself, and what only they load.
 * @param {any} compilation
 * @param {Iterable<any>} roots chunk groups
 * @returns {string[]}
 */
function chunkGroupFiles(compilation, roots) {
  const files = new Set();
  const seen = new Set();
  const provided = new Set(
    [...compilation.modules]
      .filter((module) => module.type === PROVIDE_SHARED_MODULE_TYPE)
      .map((module) => `${module._shareScope}|${module._name}`),
  );
  const visit = (group) => {
    if (seen.has(group) || group.name?.startsWith(ON_DEMAND_CHUNK_PREFIX)) return;
    if (isProvidedShareFallback(group, provided)) return;
    seen.add(group);
    for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
    for (const child of group.getChildren()) visit(child);
  };
  for (const root of roots) visit(root);
  return [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
}

/**
 * The JS and CSS the host page loads before its first render — the entry, the bootstrap import and
 * the shared modules it consumes (see {@link chunkGroupFiles}).
 * @param {any} compilation
 * @returns {string[]}
 */
function startupFiles(compilation) {
  return chunkGroupFiles(compilation, compilation.entrypoints.values());
}

/** Lazy page chunks named `page-…` (`webpackChunkName`) are listed in `page-assets.json`. */
const PAGE_CHUNK_PREFIX = 'page-';

/** @param {string[]} list */
const byType = (list) => ({
  js: list.filter((file) => file.endsWith('.js')),
  css: list.filter((file) => file.endsWith('.css')),
});

/**
 * Writes a JSON list of assets beside the bundle (e.g. `startup-assets.json`), for
 * scripts/check-budgets.mjs to read.
 */
class AssetListPlugin {
  /** @param {{ webpack: any, file: string, list: (compilation: any) => object }} options */
  constructor({ webpack, file, list }) {
    this.webpack = webpack;
    this.file = file;
    this.list = list;
  }

  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('AssetListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AssetListPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const json = JSON.stringify(this.list(compilation), null, 2);
          compilation.emitAsset(this.file, new sources.RawSource(json));
        },
      );
    });
  }
}

/** The starter script each compilation emitted ({@link StarterScriptPlugin}), by compilation. */
const starterFiles = new WeakMap();

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
      const starter = starterFiles.get(compilation);
      return byType([...(starter ? [starter] : []), ...startupFiles(compilation)]);
    },
  });

/**
 * Emits the starter script (host/src/start-after-paint.js) as `assets/start.[hash].js`, and has the
 * page load it in place of the entry: the page preloads the entry, and the starter appends it once the
 * prerendered frame has been painted. A deferred entry runs as soon as the document is parsed, which
 * on a fast network is before the first paint; its download and its evaluation then hold back that
 * paint (the federation runtime alone is some 20 ms of a desktop's main thread, four times that on a
 * phone). The starter is a plain script of a few hundred bytes, minified with the rest.
 */
class StarterScriptPlugin {
  /** @param {{ HtmlWebpackPlugin: any, webpack: any, source: string }} options */
  constructor({ HtmlWebpackPlugin, webpack, source }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.webpack = webpack;
    this.source = source;
  }

  apply(compiler) {
    const { Compilation, sources, util } = this.webpack;
    compiler.hooks.thisCompilation.tap('StarterScriptPlugin', (compilation) => {
      compilation.fileDependencies.add(this.source);
      compilation.hooks.processAssets.tap(
        { name: 'StarterScriptPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const code = fs.readFileSync(this.source, 'utf8');
          const hash = util.createHash('sha256').update(code).digest('hex').slice(0, 8);
          const file = `assets/start.${hash}.js`;
          compilation.emitAsset(file, new sources.RawSource(code));
          starterFiles.set(compilation, file);
        },
      );
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StarterScriptPlugin', (data) => {
        const file = starterFiles.get(compilation);
        const entries = data.headTags.filter(
          (tag) => tag.tagName === 'script' && typeof tag.attributes.src === 'string',
        );
        if (!file || entries.length !== 1) {
          throw new Error(`StarterScriptPlugin: expected one entry script, found ${entries.length}.`);
        }
        const entry = entries[0].attributes.src;
        const tag = (tagName, attributes) => ({
          tagName,
          voidTag: tagName === 'link',
          meta: { plugin: 'StarterScriptPlugin' },
          attributes,
        });
        data.headTags.splice(
          data.headTags.indexOf(entries[0]),
          1,
          // At the priority of the deferred script it stands in for.
          tag('link', { rel: 'preload', as: 'script', href: entry, fetchpriority: 'low' }),
          tag('script', { defer: true, src: `${data.publicPath}${file}`, 'data-entry': entry }),
        );
        return data;
      });
    });
  }
}

/**
 * A remote's `page-assets.json`: for each lazy page chunk named `page-…`, the JS and CSS the browser
 * fetches to show that page inside the host ({@link chunkGroupFiles}: the shared modules come from
 * the host). check-budgets adds the login page's to the first load of /en/login.
 */
const pageAssetsPlugin = (webpack) =>
  new AssetListPlugin({
    webpack,
    file: 'page-assets.json',
    list: (compilation) =>
      Object.fromEntries(
        [...compilation.namedChunkGroups]
          .filter(([name]) => name.startsWith(PAGE_CHUNK_PREFIX))
          .map(([name, group]) => [name, byType(chunkGroupFiles(compilation, [group]))]),
      ),
  });

/**
 * Adds `<link rel="preload">` tags to the host page: one per start-up script the entry would only
 * ask for once it runs (so they download with it instead of in waves behind it), and one per
 * runtime fetch the page always makes first (e.g. /en/remotes.json), so it arrives with the entry.
 * The script links are `fetchpriority="low"`, the priority of the deferred entry itself: at the default
 * (high) priority they would compete with the stylesheet and hold back the skeleton's first paint.
 * The fetch links are `crossorigin="anonymous"`: that matches a plain `fetch()` (cors mode, same-origin
 * credentials), so the browser hands the preloaded response to it instead of asking again.
 */
class StartupPreloadPlugin {
  /** @param {{ HtmlWebpackPlugin: any, fetches?: string[] }} options */
  constructor({ HtmlWebpackPlugin, fetches = [] }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.fetches = fetches;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const publicPath = data.publicPath;
        const tags = [...data.headTags, ...data.bodyTags];
        const present = new Set(tags.map((tag) => tag.attributes.src ?? tag.attributes.href));
        const link = (attributes) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'StartupPreloadPlugin' },
          attributes,
        });
        const scripts = startupFiles(compilation)
          .filter((file) => file.endsWith('.js'))
          .map((file) => `${publicPath}${file}`)
          .filter((href) => !present.has(href))
          .map((href) => link({ rel: 'preload', as: 'script', href, fetchpriority: 'low' }));
        const fetches = this.fetches.map((href) =>
          link({ rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' }),
        );
        data.headTags.push(...fetches, ...scripts);
        return data;
      });
    });
  }
}

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
            ...(production ? [new StartupChunksPlugin({ onDemandPrefix: ON_DEMAND_CHUNK_PREFIX })] : []),
            startupAssetsPlugin(webpack),
            new StartupPreloadPlugin({ HtmlWebpackPlugin, fetches: preloadFetches }),
            new StarterScriptPlugin({
              HtmlWebpackPlugin,
              webpack,
              source: path.join(appDir, 'src', 'start-after-paint.js'),
            }),
          ]),
      ...plugins,
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = {
  commonConfig,
  RemoteEntryBudgetPlugin,
  AssetListPlugin,
  StartupPreloadPlugin,
  REMOTE_ENTRY_BUDGET_BYTES,
};
