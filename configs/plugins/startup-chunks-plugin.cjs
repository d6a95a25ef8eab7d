// Fewer, larger start-up files for the host. Module Federation gives every shared module its own
// async chunk, so the host page starts with a dozen small scripts, each compressed on its own: the
// same code in fewer files is about 4 KB gzip smaller and needs fewer requests.
//
// Chunks cannot be merged freely. Loading a chunk first resolves the shared modules its code consumes,
// and resolving one loads the chunk that provides it: a chunk that consumes what it provides waits for
// itself and the page never starts. So the start-up chunks are ranked by that relation (a chunk ranks
// above every chunk it waits for) and only chunks of the same rank are merged, which never puts a
// chunk and what it waits for in one file.

const {
  PROVIDE_SHARED_MODULE_TYPE,
  CONSUME_SHARED_MODULE_TYPE,
  providedShareIds,
  consumedShareIds,
} = require('../share-modules.cjs');
const { startupChunkGroups } = require('../chunk-files.cjs');

/** Runs after webpack's own chunk splitting (`STAGE_ADVANCED`, 10). */
const AFTER_SPLIT_CHUNKS_STAGE = 20;

/**
 * Ranks chunks by what they wait for: 0 for a chunk that waits for none of the others, else one more
 * than the highest rank it waits for. Throws on a cycle, which would already deadlock at run time.
 * @param {any[]} chunks
 * @param {Map<any, Set<any>>} waitsFor the chunks each chunk's shared modules are loaded from
 */
function rankChunks(chunks, waitsFor) {
  const ranks = new Map();
  const visiting = new Set();
  const rank = (chunk) => {
    if (ranks.has(chunk)) return ranks.get(chunk);
    if (visiting.has(chunk)) throw new Error(`Start-up chunks wait for each other (chunk ${chunk.debugId}).`);
    visiting.add(chunk);
    let value = 0;
    for (const other of waitsFor.get(chunk) ?? []) {
      if (other !== chunk) value = Math.max(value, rank(other) + 1);
    }
    visiting.delete(chunk);
    ranks.set(chunk, value);
    return value;
  };
  for (const chunk of chunks) rank(chunk);
  return ranks;
}

/**
 * Merges the host's start-up async chunks rank by rank (see the file comment). Chunks that an on-demand
 * group (`webpackChunkName: "on-demand-…"`) also needs are left alone, so on-demand code stays out of
 * the start-up files, and so are chunks named with `apartPrefix`, which keep a budget of their own.
 */
class StartupChunksPlugin {
  /** @param {{ onDemandPrefix: string, apartPrefix?: string, name?: string }} options */
  constructor({ onDemandPrefix, apartPrefix, name = 'startup' }) {
    this.onDemandPrefix = onDemandPrefix;
    this.apartPrefix = apartPrefix;
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupChunksPlugin', (compilation) => {
      compilation.hooks.optimizeChunks.tap(
        { name: 'StartupChunksPlugin', stage: AFTER_SPLIT_CHUNKS_STAGE },
        (allChunks) => {
          const { chunkGraph } = compilation;
          const atStartup = startupChunkGroups(compilation, this.onDemandPrefix);
          const chunks = [...allChunks].filter(
            (chunk) =>
              !chunk.canBeInitial() &&
              !(this.apartPrefix && chunk.name?.startsWith(this.apartPrefix)) &&
              [...chunk.groupsIterable].every((group) => atStartup.has(group)),
          );
          if (chunks.length < 2) return;

          // Loading a chunk resolves the shared modules it consumes, which loads every chunk of each
          // one's provider group: the chunk waits for those.
          const providerChunks = new Map();
          for (const module of compilation.modules) {
            if (module.type !== PROVIDE_SHARED_MODULE_TYPE || !module.blocks[0]) continue;
            const group = chunkGraph.getBlockChunkGroup(module.blocks[0]);
            for (const id of providedShareIds(module, compiler.context)) {
              providerChunks.set(id, new Set([...(providerChunks.get(id) ?? []), ...(group?.chunks ?? [])]));
            }
          }
          // Every chunk, not only the ones to merge: a wait through a chunk left alone still counts.
          const waitsFor = new Map([...allChunks].map((chunk) => [chunk, new Set()]));
          for (const chunk of allChunks) {
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== CONSUME_SHARED_MODULE_TYPE) continue;
              for (const id of consumedShareIds(module)) {
                for (const provider of providerChunks.get(id) ?? []) waitsFor.get(chunk)?.add(provider);
              }
            }
          }

          const ranks = rankChunks([...allChunks], waitsFor);
          const byRank = new Map();
          for (const chunk of chunks) {
            const rank = ranks.get(chunk);
            byRank.set(rank, [...(byRank.get(rank) ?? []), chunk]);
          }
          for (const [rank, group] of byRank) {
            const [target, ...rest] = group;
            for (const chunk of rest) {
              if (!chunkGraph.canChunksBeIntegrated(target, chunk)) continue;
              chunkGraph.integrateChunks(target, chunk);
              compilation.chunks.delete(chunk);
            }
            if (rest.length === 0) continue;
            if (target.name) compilation.namedChunks.delete(target.name);
            target.name = `${this.name}-${rank}`;
            compilation.namedChunks.set(target.name, target);
          }
        },
      );
    });
  }
}

module.exports = { StartupChunksPlugin, rankChunks };
