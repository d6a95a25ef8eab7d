// A remote's route table, published as `routes.json` beside its `mf-manifest.json`.
//
// Each remote declares the pages it serves in `src/exposed/routes.ts`, typed by `RemoteRoutes` of
// @portal/shared (tsc checks it, and checks each page key against `./pages`). The host must know every
// remote's routes before its first navigation, but loading four remote entries and their route modules
// at start-up would put about 30 KB of script and two more round trips on every first page. So the
// build loads the table (it holds data only) and writes it as JSON, with
// each title resolved from the remote's locale files; the host fetches the four small files beside the
// content tree, and loads a remote's code only when one of its pages is shown.
const fs = require('node:fs');
const path = require('node:path');

const ROUTES_MODULE = path.join('src', 'exposed', 'routes.ts');
const ROUTES_FILE = 'routes.json';
/** Locales the portal has, and the file of each in a remote's `src/locales/`. */
const LOCALE_FILES = { 'en-GB': 'en.json', nl: 'nl.json' };

/**
 * Reads `src/exposed/routes.ts` and returns its `routes` export, through tsx (which the build already
 * uses to prerender): a real module load, with the table's imports resolved as in the browser. The
 * table should import data only (its paths from `@portal/shared/route-paths`, types from anywhere).
 * @param {string} appDir
 */
/** @param {string} appDir @returns {{ require: (id: string, fromFile: string) => any }} */
const tsxFor = (appDir) => require(require.resolve('tsx/cjs/api', { paths: [appDir, __dirname] }));

/**
 * The shared reader of route tables and the page-chunk naming rule (`@portal/shared/route-table`),
 * the same code the host runs, so that what the build publishes is what the host accepts.
 * @param {string} appDir
 * @returns {{ parsePublishedRoutes: (value: unknown, source: string) => unknown, pageChunkName: (page: string) => string }}
 */
function sharedRouteTable(appDir) {
  return tsxFor(appDir).require(
    require.resolve('@portal/shared/route-table', { paths: [appDir] }),
    __filename,
  );
}

/**
 * The page keys a table names (routes and sub-routes), each with the chunk it must have.
 * @param {{ routes: any[] }} table
 * @param {(page: string) => string} pageChunkName
 */
function declaredPageChunks(table, pageChunkName) {
  const pages = new Set(
    table.routes.flatMap((route) => [route.page, ...(route.children ?? []).map((child) => child.page)]),
  );
  return [...pages].map((page) => ({ page, chunk: pageChunkName(page) }));
}

function readRouteTable(appDir) {
  const file = path.join(appDir, ROUTES_MODULE);
  const tsx = tsxFor(appDir);
  let table;
  try {
    table = tsx.require(file, __filename).routes;
  } catch (error) {
    throw new Error(
      `${file} could not be read at build time (it should import data and types only): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  if (!table || typeof table.namespace !== 'string' || !Array.isArray(table.routes)) {
    throw new Error(`${file} must export "routes": { namespace, routes: [...] }.`);
  }
  return table;
}

/** @param {Record<string, unknown>} texts @param {string} key */
function lookUp(texts, key) {
  const value = key
    .split('.')
    .reduce(
      (/** @type {unknown} */ node, part) =>
        node && typeof node === 'object' ? /** @type {Record<string, unknown>} */ (node)[part] : undefined,
      texts,
    );
  return typeof value === 'string' ? value : undefined;
}

/**
 * The published form of a route table: each route with its title in every locale (a locale that has
 * no text for the key takes the English one). A title key missing in English fails the build.
 * @param {string} appDir
 * @param {{ namespace: string, routes: any[] }} table
 */
function publishRoutes(appDir, table) {
  const locales = Object.fromEntries(
    Object.entries(LOCALE_FILES).map(([locale, file]) => [
      locale,
      JSON.parse(fs.readFileSync(path.join(appDir, 'src', 'locales', file), 'utf8')),
    ]),
  );
  const names = new Set();
  const withTitle = (route, where) => {
    if (names.has(route.name)) throw new Error(`${where}: route name "${route.name}" is declared twice.`);
    names.add(route.name);
    const english = lookUp(locales['en-GB'], route.titleKey);
    if (!english) throw new Error(`${where}: title key "${route.titleKey}" is not in src/locales/en.json.`);
    const title = Object.fromEntries(
      Object.keys(locales).map((locale) => [locale, lookUp(locales[locale], route.titleKey) ?? english]),
    );
    return { ...route, title };
  };
  return {
    version: 1,
    namespace: table.namespace,
    routes: table.routes.map((route) => {
      const where = `${ROUTES_MODULE} (${route.name})`;
      const published = withTitle(route, where);
      if (route.children) {
        published.children = route.children.map((child) => {
          if (child.path.startsWith('/'))
            throw new Error(`${where}: sub-route "${child.path}" must be relative.`);
          return withTitle(child, where);
        });
      }
      return published;
    }),
  };
}

/** Emits `routes.json` into a remote's build (production and dev server alike). */
class RemoteRoutesPlugin {
  /** @param {{ webpack: any, appDir: string }} options */
  constructor({ webpack, appDir }) {
    this.webpack = webpack;
    this.appDir = appDir;
  }

  apply(compiler) {
    const { Compilation, sources, WebpackError } = this.webpack;
    compiler.hooks.thisCompilation.tap('RemoteRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteRoutesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // Rebuild in watch mode when the table or a title changes.
          compilation.fileDependencies.add(path.join(this.appDir, ROUTES_MODULE));
          for (const file of Object.values(LOCALE_FILES)) {
            compilation.fileDependencies.add(path.join(this.appDir, 'src', 'locales', file));
          }
          try {
            const table = readRouteTable(this.appDir);
            const published = publishRoutes(this.appDir, table);
            const { parsePublishedRoutes, pageChunkName } = sharedRouteTable(this.appDir);
            parsePublishedRoutes(published, path.basename(this.appDir));
            // The host server preloads a page's chunk by its name: a page without its named chunk
            // would be served without it, silently slower.
            for (const { page, chunk } of declaredPageChunks(table, pageChunkName)) {
              if (!compilation.namedChunks.has(chunk))
                throw new Error(
                  `${ROUTES_MODULE}: page "${page}" has no chunk "${chunk}"; ` +
                    `load it in src/exposed/pages.ts with /* webpackChunkName: "${chunk}" */.`,
                );
            }
            compilation.emitAsset(ROUTES_FILE, new sources.RawSource(JSON.stringify(published, null, 2)));
          } catch (error) {
            compilation.errors.push(new WebpackError(error instanceof Error ? error.message : String(error)));
          }
        },
      );
    });
  }
}

module.exports = { RemoteRoutesPlugin, readRouteTable, publishRoutes, declaredPageChunks, ROUTES_FILE };
