const fs = require('node:fs');

/** The starter script each compilation emitted ({@link StarterScriptPlugin}), by compilation. */
const starterFiles = new WeakMap();

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
 * The starter script's file name in a compilation, once {@link StarterScriptPlugin} has emitted it.
 * @param {any} compilation @returns {string | undefined}
 */
const starterFileOf = (compilation) => starterFiles.get(compilation);

module.exports = { StarterScriptPlugin, starterFileOf };
