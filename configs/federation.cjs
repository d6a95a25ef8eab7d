// One Module Federation set-up for the host and every remote, so that all apps agree on what is
// shared: one React, one router, one i18next (and react-i18next) and one auth store (@portal/shared)
// on the page.
const fs = require('node:fs');
const path = require('node:path');

const sharedPackageJson = path.join(__dirname, '..', 'shared', 'package.json');

/** @param {string} file */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The libraries that must exist once on the page. Versions come from the app's package.json so a
 * remote built against another major is refused instead of silently loading a second copy.
 * @param {string} appDir
 */
function sharedModules(appDir) {
  const pkg = readJson(path.join(appDir, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const range = (name) => {
    const version = deps[name];
    if (!version) throw new Error(`${pkg.name}: "${name}" must be a dependency to be shared.`);
    return /^\d/.test(version) ? `^${version}` : version;
  };
  const singleton = (name, requiredVersion = range(name)) => ({ singleton: true, requiredVersion });
  const portalShared = readJson(sharedPackageJson).version;

  return {
    react: singleton('react'),
    // Prefix entries share react/jsx-runtime and react-dom/client, which would otherwise be bundled per app.
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    zustand: singleton('zustand'),
    i18next: singleton('i18next'),
    // The auth store, HTTP client and i18n instance live in @portal/shared: one copy or two stores.
    '@portal/shared': { singleton: true, requiredVersion: `^${portalShared}`, version: portalShared },
    // One router context: the apps import react-router only through this module (ESLint enforces it),
    // which names what they use, so react-router is tree-shaken instead of shared whole.
    '@portal/shared/router': { singleton: true, requiredVersion: `^${portalShared}`, version: portalShared },
    // One i18n context and one urql context the same way: react-i18next, urql and @urql/core only
    // through these modules, tree-shaken.
    '@portal/shared/react-i18next': {
      singleton: true,
      requiredVersion: `^${portalShared}`,
      version: portalShared,
    },
    '@portal/shared/urql': { singleton: true, requiredVersion: `^${portalShared}`, version: portalShared },
    // The content client and its queries: one client (its cache and the content answers that came
    // with the page), apart from the runtime above so that a page without content loads no urql.
    '@portal/shared/content': { singleton: true, requiredVersion: `^${portalShared}`, version: portalShared },
  };
}

/**
 * The federation runtime exists once on the page: the host (a pure consumer) bundles it and publishes
 * its core as the global `_FEDERATION_RUNTIME_CORE`; a production remote takes it from there instead of
 * carrying a second copy in its remoteEntry.js (27 KB gzip, nearly the whole file). A remote in
 * development (webpack serve on its own port, without the host) keeps its own runtime.
 * @param {{ exposes?: Record<string, string>, production: boolean }} options
 */
function runtimeExperiments({ exposes, production }) {
  const isRemote = Object.keys(exposes ?? {}).length > 0;
  // Every app runs in the browser only: leave out the runtime's Node.js loaders.
  const optimization = { target: 'web' };
  if (!isRemote) return { provideExternalRuntime: true, optimization };
  // A remote loads no other remote (lint forbids it): leave out the code that would (0.7 KB gzip of
  // each remoteEntry.js).
  const remoteOptimization = { ...optimization, disableRemote: true };
  return production
    ? { externalRuntime: true, optimization: remoteOptimization }
    : { optimization: remoteOptimization };
}

/**
 * Options for `ModuleFederationPlugin` from `@module-federation/enhanced/webpack`.
 * @param {{ appDir: string, name: string, exposes?: Record<string, string>, production?: boolean }} options
 */
function federationConfig({ appDir, name, exposes, production = true }) {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: exposes ?? {},
    // Remote URLs are registered at run time from the host server's runtime config: none in a bundle.
    remotes: {},
    shared: sharedModules(appDir),
    // A remote that is down must not block start-up: serve our own copies, fetch a remote lazily.
    shareStrategy: 'loaded-first',
    manifest: true,
    // Every remote exposes one shape, ExposedPages of @portal/shared: no generated types.
    dts: false,
    experiments: runtimeExperiments({ exposes, production }),
  };
}

/**
 * webpack `resolve.alias` entries the federation set-up needs. `provideExternalRuntime` adds the
 * runtime plugin that publishes the core by its CommonJS file, which would bundle the CommonJS build
 * of the runtime next to the ES module build the rest of the runtime uses: two copies, 24 KB gzip.
 * Pointing it at its ES module build keeps one.
 * @param {{ appDir: string, exposes?: Record<string, string> }} options
 */
function federationAliases({ appDir, exposes }) {
  if (runtimeExperiments({ exposes, production: true }).provideExternalRuntime !== true) return {};
  const enhancedDir = path.dirname(
    require.resolve('@module-federation/enhanced/webpack', { paths: [appDir] }),
  );
  const commonJsPlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [enhancedDir],
  });
  const esmPlugin = path.join(path.dirname(commonJsPlugin), 'index.js');
  if (!fs.existsSync(esmPlugin))
    throw new Error(`The ES module build of the runtime plugin is missing: ${esmPlugin}`);
  return { [`${commonJsPlugin}$`]: esmPlugin };
}

/** @param {{ appDir: string, name: string, exposes?: Record<string, string>, production?: boolean }} options */
function createFederationPlugin(options) {
  const { ModuleFederationPlugin } = require(
    require.resolve('@module-federation/enhanced/webpack', { paths: [options.appDir] }),
  );
  return new ModuleFederationPlugin(federationConfig(options));
}

module.exports = { federationConfig, federationAliases, createFederationPlugin, sharedModules };
