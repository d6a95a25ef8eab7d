// node --test: the ranking that keeps a chunk and what it waits for out of one file.
const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
const { rankChunks } = require('./startup-chunks-plugin.cjs');

const chunk = (id) => ({ debugId: id });

describe('rankChunks', () => {
  it('should rank a chunk above every chunk it waits for', () => {
    const [react, consumeReact, reactDom, shared] = ['react', 'consume-react', 'react-dom', 'shared'].map(
      chunk,
    );
    const waitsFor = new Map([
      [react, new Set()],
      [consumeReact, new Set([react])],
      // react-dom's provider group holds the chunk of its consume of react
      [reactDom, new Set([consumeReact, react])],
      [shared, new Set([reactDom, consumeReact])],
    ]);
    const ranks = rankChunks([react, consumeReact, reactDom, shared], waitsFor);
    assert.deepEqual(
      [react, consumeReact, reactDom, shared].map((c) => ranks.get(c)),
      [0, 1, 2, 3],
    );
  });

  it('should give chunks that wait for nothing the same rank, so they can share a file', () => {
    const [react, i18next] = ['react', 'i18next'].map(chunk);
    const ranks = rankChunks([react, i18next], new Map());
    assert.equal(ranks.get(react), 0);
    assert.equal(ranks.get(i18next), 0);
  });

  it('should rank through a chunk that is not merged, so an indirect wait keeps two chunks apart', () => {
    const [page, onDemandShared, provider] = ['page', 'on-demand-shared', 'provider'].map(chunk);
    const waitsFor = new Map([
      [page, new Set([onDemandShared])],
      [onDemandShared, new Set([provider])],
      [provider, new Set()],
    ]);
    const ranks = rankChunks([page, onDemandShared, provider], waitsFor);
    assert.notEqual(ranks.get(page), ranks.get(provider));
  });

  it('should ignore a chunk waiting for itself', () => {
    const lone = chunk('lone');
    assert.equal(rankChunks([lone], new Map([[lone, new Set([lone])]])).get(lone), 0);
  });

  it('should refuse chunks that wait for each other', () => {
    const [a, b] = ['a', 'b'].map(chunk);
    const waitsFor = new Map([
      [a, new Set([b])],
      [b, new Set([a])],
    ]);
    assert.throws(() => rankChunks([a, b], waitsFor), /wait for each other/);
  });
});
