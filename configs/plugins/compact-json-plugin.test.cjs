// node --test: the build's JSON files are written without indentation, before they are compressed.
const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
const webpack = require(
  require.resolve('webpack', { paths: [require('node:path').join(__dirname, '../../host')] }),
);
const { CompactJsonPlugin, compactJson } = require('./compact-json-plugin.cjs');

/** Runs the plugin's processAssets step on these assets; returns their sources and the tap's options. */
function runOn(assets) {
  const sources = new Map(
    Object.entries(assets).map(([name, text]) => [name, new webpack.sources.RawSource(text)]),
  );
  /** @type {any} */
  let tapped;
  const compilation = {
    hooks: {
      processAssets: {
        tap: (options, callback) => {
          tapped = { options, callback };
        },
      },
    },
    getAsset: (name) => ({ name, source: sources.get(name) }),
    updateAsset: (name, source) => sources.set(name, source),
  };
  const compiler = {
    webpack,
    hooks: { thisCompilation: { tap: (_name, callback) => callback(compilation) } },
  };
  new CompactJsonPlugin().apply(compiler);
  tapped.callback(Object.fromEntries(sources));
  const texts = Object.fromEntries([...sources].map(([name, source]) => [name, source.source().toString()]));
  return { texts, options: tapped.options };
}

describe('CompactJsonPlugin', () => {
  it('writes JSON without indentation, and leaves scripts and text that is not JSON as they are', () => {
    const manifest = JSON.stringify({ id: 'account', shared: [{ name: 'react', version: '19' }] }, null, 2);
    const { texts } = runOn({
      'mf-manifest.json': manifest,
      'remoteEntry.js': 'var a = {\n  b: 1\n};',
      'x.json': '{ not json',
    });
    assert.equal(texts['mf-manifest.json'], '{"id":"account","shared":[{"name":"react","version":"19"}]}');
    assert.deepEqual(JSON.parse(texts['mf-manifest.json']), JSON.parse(manifest));
    assert.equal(texts['remoteEntry.js'], 'var a = {\n  b: 1\n};');
    assert.equal(texts['x.json'], '{ not json');
  });

  it('runs where Module Federation emits its manifest, also for what is emitted after it', () => {
    const { options } = runOn({});
    assert.equal(options.stage, webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER);
    assert.equal(options.additionalAssets, true);
  });

  it('keeps the text of a string as it is', () => {
    assert.equal(compactJson('{ "title": "My  Insurance" }'), '{"title":"My  Insurance"}');
  });
});
