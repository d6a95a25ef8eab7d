// Loaded before a prerender (`tsx --require`; see prerender-pages.ts): React's production build,
// and empty modules for a page's style sheets and images, which are the browser build's business.
// tsx compiles the app's modules to CommonJS, so these are CommonJS extension handlers.
process.env.NODE_ENV ??= 'production';
for (const extension of ['.css', '.svg', '.png', '.woff2']) {
  require.extensions[extension] = (module) => {
    module.exports = '';
  };
}
