/**
 * V8's explicit compile hint, the magic comment that has Chromium compile every function of a script
 * while it downloads (on a background thread) instead of each one on the main thread when it is first
 * called. Put at the top of the scripts a first load runs whole: on a slowed phone CPU the lazy
 * compiles of the start-up were about 40 % of the main thread's work between the start-up chunk's
 * arrival and My Insurance's cards (docs/performance.md). Other engines read it as a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Adds {@link COMPILE_HINT} as the first line of the JS files `files(compilation)` names. It runs
 * after the minifier (which drops comments it does not know) and before the source maps, the content
 * hashes and the compressed copies, which then all see the file as it is served.
 */
class CompileHintsPlugin {
  /** @param {{ webpack: any, files: (compilation: any) => Iterable<string> }} options */
  constructor({ webpack, files }) {
    this.webpack = webpack;
    this.files = files;
  }

  /** @param {any} compiler */
  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After webpack's minimizer (OPTIMIZE_SIZE), before the source maps (DEV_TOOLING).
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of new Set(this.files(compilation))) {
            if (!file.endsWith('.js')) continue;
            const asset = compilation.getAsset(file);
            if (!asset) throw new Error(`CompileHintsPlugin: no asset "${file}" to mark.`);
            if (String(asset.source.source()).startsWith(COMPILE_HINT)) continue;
            compilation.updateAsset(file, new sources.ConcatSource(COMPILE_HINT, asset.source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
