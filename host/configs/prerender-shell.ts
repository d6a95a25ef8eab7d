// Renders the host's layout (header, navigation, footer) at build time, in each language, for a
// visitor and for a logged-in student, with each navigation entry current, and writes it to
// `dist/prerendered-shell.json`. The host server puts it around a page's own prerendered HTML (which
// each remote's build publishes, see @portal/shared's prerender-pages.ts), so that a phone paints the
// page in its layout before the scripts arrive. Run after the webpack build (the `build` script):
//
//   tsx --tsconfig ../tsconfig.base.json --require ../packages/server/src/prerender/setup.cjs configs/prerender-shell.ts
import 'global-jsdom/register';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PrerenderedShell as Shell } from '../src/app/start-data-shape';

const appDir = join(__dirname, '..');
// What webpack's DefinePlugin gives the browser build (configs/webpack.common.cjs).
Object.assign(globalThis, {
  __APP_VERSION__: (JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { version: string })
    .version,
});

async function main(): Promise<void> {
  // Imported once the globals above are set.
  const { BASENAME, i18n, initI18n, loadLocale, SUPPORTED_LOCALES, useAuthStore } =
    await import('@portal/shared');
  const { I18nextProvider } = await import('@portal/shared/react-i18next');
  const { MemoryRouter, Route, Routes } = await import('@portal/shared/router');
  const { AppLayout } = await import('../src/features/layout/app-layout');
  const { NAV_PATHS } = await import('../src/features/layout/site-nav');
  const { registerHostTexts } = await import('../src/i18n');
  const { PRERENDERED_PAGE_SLOT } = await import('../src/app/start-data-shape');
  const { frameForEarlyInput } = await import('@portal/server/prerender-frame');

  initI18n({ lng: 'en-GB' });
  await registerHostTexts();
  const slot = /id="([^"]+)"/.exec(PRERENDERED_PAGE_SLOT)?.[1] ?? '';
  const render = async (path: string) => {
    const { prelude } = await prerenderToNodeStream(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(
          MemoryRouter,
          { basename: BASENAME, initialEntries: [`${BASENAME}${path}`] },
          createElement(
            Routes,
            null,
            createElement(
              Route,
              {
                element: createElement(AppLayout, {
                  tagManager: false,
                  pageTree: { root: '', lang: '' },
                  routes: [],
                }),
              },
              createElement(Route, { path: '*', element: createElement('template', { id: slot }) }),
            ),
          ),
        ),
      ),
    );
    return text(prelude);
  };

  const shell: Shell = {};
  for (const locale of SUPPORTED_LOCALES) {
    await loadLocale(locale);
    await i18n.changeLanguage(locale);
    const byViewer: Shell[string] = { guest: {}, member: {} };
    shell[locale] = byViewer;
    for (const viewer of ['guest', 'member'] as const) {
      // A component reads a zustand store's initial state when rendered on a server (its
      // getServerSnapshot), so that object says who is looking, in this process only. The student's
      // name stays out: the greeting is not part of the prerendered header.
      Object.assign(useAuthStore.getInitialState(), {
        authenticated: viewer === 'member',
        username: null,
        profileId: viewer === 'member' ? 'prerender' : null,
      });
      for (const path of ['', ...NAV_PATHS]) {
        const html = frameForEarlyInput(await render(path || '/'));
        if (!html.includes(PRERENDERED_PAGE_SLOT)) throw new Error(`The shell of ${path} has no page slot.`);
        byViewer[viewer][path] = html;
      }
    }
  }
  writeFileSync(join(appDir, 'dist', 'prerendered-shell.json'), `${JSON.stringify(shell)}\n`);
  console.log(`prerendered-shell.json: ${SUPPORTED_LOCALES.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error('The shell prerender failed:', error);
  process.exitCode = 1;
});
