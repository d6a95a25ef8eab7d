const { startupFiles } = require('../chunk-files.cjs');

/**
 * Adds `<link rel="preload">` tags to the host page: one per start-up script the entry would only
 * ask for once it runs (so they download with it instead of in waves behind it), and one per
 * runtime fetch the page always makes first (e.g. /en/remotes.json), so it arrives with the entry.
 * The script links are `fetchpriority="low"`, the priority of the deferred entry itself: at the default
 * (high) priority they would compete with the stylesheet and hold back the skeleton's first paint.
 * The fetch links are `crossorigin="anonymous"`: that matches a plain `fetch()` (cors mode, same-origin
 * credentials), so the browser hands the preloaded response to it instead of asking again.
 */
class StartupPreloadPlugin {
  /** @param {{ HtmlWebpackPlugin: any, fetches?: string[] }} options */
  constructor({ HtmlWebpackPlugin, fetches = [] }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.fetches = fetches;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const publicPath = data.publicPath;
        const tags = [...data.headTags, ...data.bodyTags];
        const present = new Set(tags.map((tag) => tag.attributes.src ?? tag.attributes.href));
        const link = (attributes) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'StartupPreloadPlugin' },
          attributes,
        });
        // Largest first: over HTTP/1.1 a browser opens six connections to the host, and a student's page
        // also fetches its session check and data with it; the last preload in the page waits for a free
        // connection, and that must not be the start-up chunk that the first render waits for longest.
        const size = (file) => compilation.getAsset(file)?.source.size() ?? 0;
        const scripts = startupFiles(compilation)
          .filter((file) => file.endsWith('.js'))
          .sort((a, b) => size(b) - size(a))
          .map((file) => `${publicPath}${file}`)
          .filter((href) => !present.has(href))
          .map((href) => link({ rel: 'preload', as: 'script', href, fetchpriority: 'low' }));
        const fetches = this.fetches.map((href) =>
          link({ rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' }),
        );
        data.headTags.push(...fetches, ...scripts);
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin };
