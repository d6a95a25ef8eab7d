// Renders the first frame of a remote's pages, in each language, to HTML at build time and writes
// it to `dist/prerender.json` beside `routes.json` and `page-assets.json`. The host server puts a
// route's HTML into the page it sends (host/server/start-data.ts), so a phone paints the page's
// heading and form while the scripts that make it work are still on their way. A page is rendered
// as it first renders in the browser: its texts, no data yet (its loading state), and nobody's
// personal details. Routes with parameters in their path are left out: their first frame depends
// on the URL. Run from a remote's folder after its webpack build (its `build` script):
//
//   tsx --tsconfig ../tsconfig.base.json --require ../packages/server/src/prerender/setup.cjs ../packages/server/src/prerender/prerender-pages.ts
//
// The page is rendered in a DOM of jsdom's (global-jsdom), as the browser would: some modules read
// `window` when they load.
import 'global-jsdom/register';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { i18n, initI18n, loadLocale, SUPPORTED_LOCALES } from '@portal/shared';
import type { ExposedPages, RemoteRoutes } from '@portal/shared';
import { memberFrameKey } from './frame-html';
import { NOBODY, renderPage, SOMEONE } from './render-page';

/**
 * What `dist/prerender.json` holds: a route's first frame by route name, then by locale, and for a
 * public page that a logged-in student sees otherwise, by {@link memberFrameKey} as well.
 */
export type Prerendered = Record<string, Record<string, string>>;

type Route = RemoteRoutes['routes'][number];

/** The routes of a table whose first frame does not depend on the URL: no parameters in the path. */
function prerenderable(routes: readonly Route[]): Route[] {
  const found: Route[] = [];
  for (const route of routes) {
    const path = 'path' in route && route.path ? route.path : '';
    if (path.includes(':')) continue;
    if (!route.props) found.push(route);
    // Beneath a content page or a fixed page: the children here all have parameters so far, and
    // those are skipped with the same rule.
    for (const child of ('children' in route ? route.children : undefined) ?? []) {
      if (!child.path.includes(':') && !child.props) found.push(child as Route);
    }
  }
  return found;
}

async function main(): Promise<void> {
  const appDir = process.cwd();
  const { pages } = (await import(pathToFileURL(join(appDir, 'src/exposed/pages.ts')).href)) as {
    pages: ExposedPages;
  };
  const { routes } = (await import(pathToFileURL(join(appDir, 'src/exposed/routes.ts')).href)) as {
    routes: RemoteRoutes;
  };
  initI18n({ lng: 'en-GB' });
  const chosen = prerenderable(routes.routes);
  // Each page's code and texts first, so that every namespace is registered before a language loads.
  await Promise.all(chosen.map((route) => pages[route.page]?.preload?.()));

  const result: Prerendered = {};
  for (const locale of SUPPORTED_LOCALES) {
    await loadLocale(locale);
    await i18n.changeLanguage(locale);
    for (const route of chosen) {
      const Page = pages[route.page];
      if (!Page) continue;
      const renderFor = (viewer: typeof SOMEONE) => renderPage(Page, viewer);
      const frames = (result[route.name] ??= {});
      frames[locale] = await renderFor(route.requiresAuth ? SOMEONE : NOBODY);
      // A public page that a logged-in student sees otherwise (a visitor's claim form asks for the
      // policy number, a student's lists her policies) has a frame for the student as well: a frame
      // whose fields are not the page's would take input that the page cannot keep.
      if (!route.requiresAuth) {
        const member = await renderFor(SOMEONE);
        if (member !== frames[locale]) frames[memberFrameKey(locale)] = member;
      }
    }
  }
  writeFileSync(join(appDir, 'dist', 'prerender.json'), `${JSON.stringify(result)}\n`);
  console.log(`prerender.json: ${Object.keys(result).join(', ') || 'no route without parameters'}`);
}

main().catch((error: unknown) => {
  console.error('The prerender failed:', error);
  process.exitCode = 1;
});
