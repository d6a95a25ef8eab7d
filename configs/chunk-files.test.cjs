// node --test: which chunk groups the host page loads before its first render.
const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
const {
  chunkGroupConsumes,
  startupChunkGroups,
  startupFiles,
  providedShareFiles,
} = require('./chunk-files.cjs');

/** A provided shared module, as the federation plugin makes it, whose chunks are `group`'s. */
const provide = (key, group) => ({
  type: 'provide-module',
  blocks: [{ group }],
  libIdent: () => `webpack/sharing/provide/default/${key}`,
});
const consume = (key) => ({
  type: 'consume-shared-module',
  options: { shareScope: 'default', shareKey: key },
});
const chunk = (file, modules = []) => ({ files: new Set([file]), modules });
const group = (name, chunks, children = []) => ({ name, chunks, origins: [], getChildren: () => children });

/**
 * A host build: the entry registers react and the content client; the start-up chunk consumes react;
 * the content client is consumed by an on-demand chunk only.
 */
function hostBuild() {
  const react = group(undefined, [chunk('assets/react.js')]);
  const content = group(undefined, [chunk('assets/content.js'), chunk('assets/urql.js')]);
  const onDemand = group('on-demand-content-body', [
    chunk('assets/on-demand-content-body.js', [consume('content')]),
  ]);
  const startup = group(undefined, [chunk('assets/startup-0.js', [consume('react')])], [onDemand]);
  const provides = [provide('react', react), provide('content', content)];
  const entry = group('main', [chunk('assets/main.js', provides)], [startup, react, content]);
  const modules = [...provides, ...startup.chunks[0].modules, ...onDemand.chunks[0].modules];
  return {
    groups: { entry, startup, react, content, onDemand },
    compilation: {
      modules,
      entrypoints: new Map([['main', entry]]),
      compiler: { context: '/app' },
      chunkGraph: {
        getBlockChunkGroup: (block) => block.group,
        getChunkModulesIterable: (c) => c.modules,
      },
    },
  };
}

describe('startupChunkGroups', () => {
  it('should take a provided module that the start-up consumes, and leave one that only an on-demand chunk consumes', () => {
    const { compilation, groups } = hostBuild();
    const atStartup = startupChunkGroups(compilation);
    assert.ok(atStartup.has(groups.entry) && atStartup.has(groups.startup) && atStartup.has(groups.react));
    assert.ok(!atStartup.has(groups.content));
    assert.ok(!atStartup.has(groups.onDemand));
    assert.deepEqual(startupFiles(compilation), ['assets/main.js', 'assets/react.js', 'assets/startup-0.js']);
  });

  it('should list what a page that consumes the content client fetches from the build', () => {
    const { compilation } = hostBuild();
    assert.deepEqual(providedShareFiles(compilation, ['content']), ['assets/content.js', 'assets/urql.js']);
    assert.deepEqual(providedShareFiles(compilation, ['react']), []);
  });

  it('should name the shared modules a group and what it loads consume, for page-assets.json', () => {
    const { compilation, groups } = hostBuild();
    assert.deepEqual(chunkGroupConsumes(compilation, [groups.startup]), ['react']);
    const page = group('page-contact', [
      chunk('assets/page-contact.js', [consume('content'), consume('react')]),
    ]);
    assert.deepEqual(chunkGroupConsumes(compilation, [page]), ['content', 'react']);
  });

  it('should take a provided module once the start-up consumes it', () => {
    const { compilation, groups } = hostBuild();
    groups.startup.chunks[0].modules.push(consume('content'));
    compilation.modules.push(groups.startup.chunks[0].modules.at(-1));
    assert.ok(startupChunkGroups(compilation).has(groups.content));
  });
});
