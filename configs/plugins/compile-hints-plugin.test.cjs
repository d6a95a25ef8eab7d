// node --test: the compile hint goes at the top of the named scripts, once, and nowhere else.
const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
const webpack = require(
  require.resolve('webpack', { paths: [require('node:path').join(__dirname, '../../host')] }),
);
const { CompileHintsPlugin, COMPILE_HINT } = require('./compile-hints-plugin.cjs');

/** Runs the plugin's processAssets step on a compilation of these assets; returns their sources. */
function runOn(assets, files) {
  const sources = new Map(
    Object.entries(assets).map(([name, text]) => [name, new webpack.sources.RawSource(text)]),
  );
  /** @type {() => void} */
  let step = () => assert.fail('the plugin tapped no processAssets step');
  let stage = Number.NaN;
  const compilation = {
    hooks: {
      processAssets: {
        tap: (options, callback) => {
          stage = options.stage;
          step = callback;
        },
      },
    },
    getAsset: (name) => (sources.has(name) ? { name, source: sources.get(name) } : undefined),
    updateAsset: (name, source) => sources.set(name, source),
  };
  const compiler = { hooks: { thisCompilation: { tap: (_name, callback) => callback(compilation) } } };
  new CompileHintsPlugin({ webpack, files: () => files }).apply(compiler);
  step();
  return { stage, text: (name) => String(sources.get(name).source()) };
}

describe('CompileHintsPlugin', () => {
  it('should put the hint on the first line of each named script, before its licence banner', () => {
    const { text } = runOn(
      { 'a.js': '/*! For license information please see a.js.LICENSE.txt */\n(()=>{})();', 'b.js': 'x();' },
      ['a.js'],
    );
    assert.equal(
      text('a.js'),
      `${COMPILE_HINT}/*! For license information please see a.js.LICENSE.txt */\n(()=>{})();`,
    );
    assert.equal(text('b.js'), 'x();');
  });

  it('should mark a script once, however often it is named, and leave style sheets alone', () => {
    const { text } = runOn({ 'a.js': 'x();', 'a.css': 'p{}' }, ['a.js', 'a.js', 'a.css']);
    assert.equal(text('a.js'), `${COMPILE_HINT}x();`);
    assert.equal(text('a.css'), 'p{}');
  });

  it('should fail the build for a script that is not there', () => {
    assert.throws(() => runOn({}, ['gone.js']), /no asset "gone\.js"/);
  });

  it('should run after the minifier and before the source maps', () => {
    const { stage } = runOn({}, []);
    assert.ok(stage > webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE);
    assert.ok(stage < webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING);
  });
});
