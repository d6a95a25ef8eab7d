const zlib = require('node:zlib');
const { REMOTE_ENTRY_BUDGET_BYTES } = require('../budgets.cjs');

/** Fails the build when remoteEntry.js grows past its budget. */
class RemoteEntryBudgetPlugin {
  /** @param {{ limitBytes?: number, webpack: any }} options */
  constructor({ limitBytes = REMOTE_ENTRY_BUDGET_BYTES, webpack }) {
    this.limitBytes = limitBytes;
    this.webpack = webpack;
  }

  apply(compiler) {
    const { Compilation, WebpackError } = this.webpack;
    compiler.hooks.thisCompilation.tap('RemoteEntryBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteEntryBudgetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const asset = assets['remoteEntry.js'];
          if (!asset) return;
          // As it travels: the brotli copy the servers send (see webpack.prod.cjs).
          const wireBytes = zlib.brotliCompressSync(asset.buffer(), {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }).length;
          const line = `remoteEntry.js: ${(wireBytes / 1024).toFixed(1)} KB brotli (budget ${this.limitBytes / 1024} KB)`;
          if (wireBytes > this.limitBytes) {
            compilation.errors.push(new WebpackError(`Budget exceeded: ${line}`));
          } else {
            compilation.getLogger('RemoteEntryBudgetPlugin').info(line);
            console.log(line);
          }
        },
      );
    });
  }
}

module.exports = { RemoteEntryBudgetPlugin };
