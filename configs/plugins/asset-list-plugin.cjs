/**
 * Writes a JSON list of assets beside the bundle (e.g. `startup-assets.json`), for
 * scripts/check-budgets.mjs to read.
 */
class AssetListPlugin {
  /** @param {{ webpack: any, file: string, list: (compilation: any) => object }} options */
  constructor({ webpack, file, list }) {
    this.webpack = webpack;
    this.file = file;
    this.list = list;
  }

  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('AssetListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AssetListPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const json = JSON.stringify(this.list(compilation), null, 2);
          compilation.emitAsset(this.file, new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { AssetListPlugin };
