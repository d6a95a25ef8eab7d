// Which JS and CSS files the browser fetches for a chunk group: the host's start-up files and each
// remote page's files. The budgets, the service worker and the host server's preloads read the lists
// that the asset list plugins write from these.
const {
  PROVIDE_SHARED_MODULE_TYPE,
  CONSUME_SHARED_MODULE_TYPE,
  providedShareIds,
  consumedShareIds,
} = require('./share-modules.cjs');

/** Chunks loaded only when a feature needs them (`webpackChunkName: "on-demand-…"`), not at start-up. */
const ON_DEMAND_CHUNK_PREFIX = 'on-demand-';

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
      return consumedShareIds(module).every((id) => provided.has(id));
    })
  );
}

/**
 * Some chunk groups and every group they load in turn: except the on-demand groups, the fallbacks of
 * shared modules this build provides itself, and what only they load.
 * @param {any} compilation
 * @param {Iterable<any>} roots chunk groups
 * @returns {Set<any>}
 */
function reachableGroups(compilation, roots) {
  const seen = new Set();
  const provided = new Set(
    [...compilation.modules]
      .filter((module) => module.type === PROVIDE_SHARED_MODULE_TYPE)
      .flatMap((module) => providedShareIds(module, compilation.compiler.context)),
  );
  const visit = (group) => {
    if (seen.has(group) || group.name?.startsWith(ON_DEMAND_CHUNK_PREFIX)) return;
    if (isProvidedShareFallback(group, provided)) return;
    seen.add(group);
    for (const child of group.getChildren()) visit(child);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * The JS and CSS files of some chunk groups and of every group they load in turn, sorted
 * ({@link reachableGroups}).
 * @param {any} compilation
 * @param {Iterable<any>} roots chunk groups
 * @returns {string[]}
 */
function chunkGroupFiles(compilation, roots) {
  const files = new Set();
  for (const group of reachableGroups(compilation, roots))
    for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
  return [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
}

/**
 * The chunk groups of the shared modules this build provides, by `scope|shareKey`: what the page
 * fetches when something consumes that module (the federation runtime registers each provided module
 * at start-up, but loads its chunks only on the first consume).
 * @param {any} compilation
 * @returns {Map<string, any[]>}
 */
function providerGroups(compilation) {
  const groups = new Map();
  for (const module of compilation.modules) {
    if (module.type !== PROVIDE_SHARED_MODULE_TYPE || !module.blocks[0]) continue;
    const group = compilation.chunkGraph.getBlockChunkGroup(module.blocks[0]);
    if (!group) continue;
    for (const id of providedShareIds(module, compilation.compiler.context))
      groups.set(id, [...(groups.get(id) ?? []), group]);
  }
  return groups;
}

/**
 * The chunk groups the host page loads before its first render: the entry points and what they load,
 * except on-demand groups, and the provided shared modules that those consume, with what they consume
 * in turn. A provided module that nothing at start-up consumes (the content client, which only a page
 * with content needs) is not part of it: the page fetches it when a page first consumes it.
 * @param {any} compilation
 * @param {string} [onDemandPrefix]
 * @returns {Set<any>}
 */
function startupChunkGroups(compilation, onDemandPrefix = ON_DEMAND_CHUNK_PREFIX) {
  const providers = providerGroups(compilation);
  const providing = new Set([...providers.values()].flat());
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group) || group.name?.startsWith(onDemandPrefix)) return;
    seen.add(group);
    // Each consume in a chunk of the group loads the group that provides the module.
    for (const chunk of group.chunks)
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
        if (module.type === CONSUME_SHARED_MODULE_TYPE)
          for (const id of consumedShareIds(module))
            for (const provider of providers.get(id) ?? []) visit(provider);
    // A provider group is reached through a consume only, never as a child of the entry.
    for (const child of group.getChildren()) if (!providing.has(child)) visit(child);
  };
  for (const entry of compilation.entrypoints.values()) visit(entry);
  return seen;
}

/**
 * The shared modules (share keys) that some chunk groups, and the groups they load in turn, consume:
 * what their code asks the page's share scope for ({@link reachableGroups}).
 * @param {any} compilation
 * @param {Iterable<any>} roots chunk groups
 * @returns {string[]}
 */
function chunkGroupConsumes(compilation, roots) {
  const keys = new Set();
  for (const group of reachableGroups(compilation, roots))
    for (const chunk of group.chunks)
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
        if (module.type === CONSUME_SHARED_MODULE_TYPE) keys.add(module.options.shareKey);
  return [...keys].sort();
}

/**
 * The JS and CSS the host page loads before its first render ({@link startupChunkGroups}), without
 * the fallbacks of shared modules this build provides itself.
 * @param {any} compilation
 * @returns {string[]}
 */
function startupFiles(compilation) {
  const provided = new Set(providerGroups(compilation).keys());
  const files = new Set();
  for (const group of startupChunkGroups(compilation)) {
    if (isProvidedShareFallback(group, provided)) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
  }
  return [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
}

/**
 * The JS and CSS of some provided shared modules (by share key) that the start-up does not load
 * already: what a page that consumes them fetches from this build. The host server preloads the
 * content client's this way for a page that shows content.
 * @param {any} compilation
 * @param {string[]} shareKeys e.g. `@portal/shared/content`
 * @returns {string[]}
 */
function providedShareFiles(compilation, shareKeys) {
  const providers = providerGroups(compilation);
  const roots = [...providers].filter(([id]) => shareKeys.includes(id.slice(id.indexOf('|') + 1)));
  const atStartup = new Set(startupFiles(compilation));
  return chunkGroupFiles(
    compilation,
    roots.flatMap(([, groups]) => groups),
  ).filter((file) => !atStartup.has(file));
}

/**
 * Start-up chunks named `apart-…` (a `splitChunks` cache group of the host) are loaded with the others
 * but never merged into them: check-budgets weighs each file against a budget of its own.
 */
const APART_CHUNK_PREFIX = 'apart-';

/** Lazy page chunks named `page-…` (`webpackChunkName`) are listed in `page-assets.json`. */
const PAGE_CHUNK_PREFIX = 'page-';

/** @param {string[]} list */
const byType = (list) => ({
  js: list.filter((file) => file.endsWith('.js')),
  css: list.filter((file) => file.endsWith('.css')),
});

module.exports = {
  ON_DEMAND_CHUNK_PREFIX,
  APART_CHUNK_PREFIX,
  PAGE_CHUNK_PREFIX,
  chunkGroupFiles,
  chunkGroupConsumes,
  startupChunkGroups,
  startupFiles,
  providedShareFiles,
  byType,
};
