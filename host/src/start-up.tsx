import { registerPlugins } from '@module-federation/enhanced/runtime';
import {
  checkSessionWhenOnline,
  contentLanguage,
  DEFAULT_LOCALE,
  initI18n,
  keepPreloadedAnswer,
  noteRecentAnswer,
  localeReady,
  useAuthStore,
} from '@portal/shared';
import { fetchRuntimeConfig, parseRuntimeConfig } from './app/runtime-config';
import { loadContent } from './app/load-content';
import { readStartData } from './app/start-data';
import type { StartData } from './app/start-data-shape';
import type { RemoteName } from './app/runtime-config-shape';
import { loadContentRoutes } from './features/content-routes/load-content-routes';
import { fieldDataPlugin, listenForErrors } from './features/field-data/field-data';
import { preloadErrorPlugin } from './features/remotes/preload-error';
import {
  forgetFailedPreload,
  isRemoteRequested,
  preloadRemotePage,
  registerPortalRemotes,
  registeredRemotes,
  remoteEntry,
} from './features/remotes/remote-pages';
import { noteSaveData, preloadRemotesWhenIdle, whenIdle } from './features/remotes/fetch-ahead';
import { useRouteTables } from './features/remotes/remote-routes';
import { yieldBetweenStepsPlugin } from './features/remotes/yield-between-steps';
import { startTagManagerWithConsent } from './features/consent/tag-manager-consent';
import { registerHostTexts } from './i18n';
import { yieldToMain } from './app/yield-to-main';
import { takeOverFrame } from './app/take-over-frame';

// Always asked, not only when this tab remembers a login: a session cookie from another tab counts,
// and the answer also brings the anti-forgery cookie that the first POST (the login) must echo.
async function checkSession(): Promise<void> {
  try {
    await useAuthStore.getState().checkSession();
  } catch (error) {
    // The store records blocked/unavailable itself; the portal starts either way.
    console.error(error);
  }
}

/** How long the first render waits for the code of the page the URL opens (the server preloads it). */
const PAGE_CODE_WAIT_MS = 1_500;

/**
 * Fetches the code of the page the URL opens, as the host server named it, beside the host's own
 * start-up: the page then renders with the layout instead of after a spinner. A slow remote holds
 * the layout back for {@link PAGE_CODE_WAIT_MS} at most; a failed one shows in its slot.
 */
function preloadStartPage(
  page: StartData['page'] | undefined,
  remotes: Partial<Record<RemoteName, string>>,
): Promise<void> | undefined {
  if (typeof page?.remote !== 'string' || typeof page.page !== 'string') return undefined;
  if (!Object.hasOwn(remotes, page.remote)) return undefined;
  return Promise.race([
    preloadRemotePage(page.remote, page.page),
    new Promise<void>((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS)),
  ]);
}

/**
 * The page's first api reads as the host server fetched them for the student's own frame (see
 * StartData.answers): kept for the page's first render, which then shows the same data as the frame
 * instead of a loading state (and makes no request for it); and a page opened from it at once (a
 * policy's renewal from My Insurance) may take them too, as answers the page got.
 */
function keepStartAnswers(answers: unknown): void {
  if (typeof answers !== 'object' || answers === null) return;
  for (const [path, body] of Object.entries(answers))
    if (path.startsWith('api/')) {
      keepPreloadedAnswer(path, body);
      noteRecentAnswer(path, body);
    }
}

/**
 * A content page's content as the host server rendered its frame with it (see StartData.content): kept
 * for the page's first render, which then shows what the frame shows, without asking again.
 */
function keepStartContent(content: unknown): Promise<void> | undefined {
  if (!Array.isArray(content)) return undefined;
  const answers = content.filter(
    (answer): answer is { query: string; lang: string; data: unknown } =>
      typeof answer === 'object' &&
      answer !== null &&
      typeof (answer as { query?: unknown }).query === 'string' &&
      typeof (answer as { lang?: unknown }).lang === 'string',
  );
  if (answers.length === 0) return undefined;
  return loadContent()
    .then(({ keepContentAnswers }) => keepContentAnswers(answers))
    .catch((error: unknown) => {
      // A query this content client cannot read, or no client: the page asks for its content itself.
      console.error(error);
    });
}

/**
 * Starts the portal: texts, start data, remotes, routes and session, then the first render. Loaded by
 * ./bootstrap.tsx in a task of its own.
 */
export async function start(): Promise<void> {
  // What the student types into the prerendered frame from now on is kept for the working page.
  const root = document.getElementById('root');
  if (root) takeOverFrame(root);
  // Evaluating the start-up modules (React, the router, i18next) is one long task already; the
  // start-up's own work runs in the next one, so that neither blocks a phone for long.
  await yieldToMain();
  const i18n = initI18n();
  void registerHostTexts();
  // A visitor who chose Dutch gets Dutch on the first paint; when those texts cannot be fetched,
  // the portal starts in English rather than not at all.
  const texts = localeReady().catch(async (error: unknown) => {
    console.error(error);
    await i18n.changeLanguage(DEFAULT_LOCALE);
  });
  // Errors are noted from the start (the first render may throw); the field data's sender comes later.
  listenForErrors();
  registerPlugins([fieldDataPlugin(), preloadErrorPlugin(), yieldBetweenStepsPlugin()]);
  // The page's prerendered frame is on screen by now: the start-up runs in short tasks, so that a
  // phone's main thread is never held for long (Total Blocking Time) while the app gets ready.
  await yieldToMain();

  // What the host server put in the page for this URL; each part missing is fetched instead.
  const start = readStartData();
  const runtime = start?.runtime ? parseRuntimeConfig(start.runtime) : await fetchRuntimeConfig();
  registerPortalRemotes(runtime.remotes, runtime.canary);
  noteSaveData(start?.saveData);
  const tagManager = startTagManagerWithConsent(runtime.gtmId);
  await yieldToMain();

  // The app mounts once the router is ready: the content routes and the remotes' route tables are
  // loaded before the first navigation, so that navigation already resolves against the whole tree.
  const pageTree = { root: runtime.contentRoot, lang: contentLanguage(i18n.language) };
  // A visitor's page does not wait for the session check: pages that need a login wait for it
  // themselves (RequireAuth), so the check runs beside the route loading and the first paint.
  // When the page came with a session cookie, the app mounts after the check (see StartData.session).
  const session = checkSession();
  checkSessionWhenOnline();
  // The network first: the page's code, then the routes, each in a task of its own.
  const pageCode = preloadStartPage(start?.page, runtime.remotes);
  if (start?.session === true) keepStartAnswers(start.answers);
  const contentKept = keepStartContent(start?.content);
  await yieldToMain();
  const contentRoutesLoaded = loadContentRoutes(
    () => loadContent().then(({ contentClient, PagesQuery }) => ({ client: contentClient, PagesQuery })),
    pageTree.root,
    pageTree.lang,
    start?.pageTree,
  );
  await yieldToMain();
  const [contentRoutes] = await Promise.all([
    contentRoutesLoaded,
    useRouteTables.getState().load(runtime.remotes, start?.routeTables, runtime.canary),
    texts,
    start?.session === true ? session : undefined,
    pageCode,
    contentKept,
  ]);
  await yieldToMain();

  // React DOM and the app's components are evaluated in a task of their own (the module is part of
  // the start-up chunk: `eager` makes no request of its own).
  const { mountApp } = await import(/* webpackMode: "eager" */ './app/mount-app');
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  mountApp(container, { contentRoutes, tagManager, pageTree });
  // Once the page is idle, the other remotes' manifests, entries and pages: a move to one of them
  // then fetches only its page's own code, beside its data (./features/remotes/fetch-ahead.ts).
  void preloadRemotesWhenIdle(registeredRemotes(), isRemoteRequested, forgetFailedPreload);
  // Once idle, the field data's sender and the web vitals (docs/operations.md, "Field data").
  void whenIdle()
    .then(
      () => import(/* webpackChunkName: "on-demand-field-data" */ './features/field-data/send-field-data'),
    )
    .then(({ startSending, startWebVitals }) => {
      startSending({ manifestOf: remoteEntry });
      startWebVitals();
    })
    .catch((error: unknown) => console.error('Field data not started:', error));
}
