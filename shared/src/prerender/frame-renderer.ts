// A student's own first frame, rendered on the remote's server: the page of a route that declares
// its first api reads (`preloadApi`), rendered with the answers the host server fetched for the
// student, so that her policies are in the page the phone paints, before any script has arrived.
// The host server asks for it (host/server/student-frame.ts); the remote's server answers
// `POST /frames` with it (../server/frame-route.ts). Runs in Node without a DOM: the modules a page
// imports must not need `window` when they load (base-http.ts keeps to that).
import { i18n, initI18n, isLocale, loadLocale, SUPPORTED_LOCALES } from '../i18n';
import { forgetPreloadedAnswer, keepPreloadedAnswer } from '../http/preloaded-answers';
import type { ExposedPages, RemoteRoutes } from '../routing';
import { studentApiPath } from '../routing/remote-routes';
import { renderPage } from './render-page';

import { FrameRequestError, FrameTooLateError } from './frame-types';
import type { FrameRenderer, FrameRenderOptions, FrameRequest } from './frame-types';

export { FrameRequestError, FrameTooLateError } from './frame-types';
export type { FrameRenderer, FrameRenderOptions, FrameRequest } from './frame-types';

/** The routes of a table (and their children) whose first api reads are declared. */
function routesWithReads(table: RemoteRoutes): FrameRenderer['routes'] {
  const found = new Map<string, { page: string; preloadApi: readonly string[] }>();
  const visit = (route: { name: string; page: string; preloadApi?: readonly string[]; props?: unknown }) => {
    // A route with fixed props renders differently from its page alone; none declares reads so far.
    if (route.preloadApi?.length && !route.props)
      found.set(route.name, { page: route.page, preloadApi: route.preloadApi });
  };
  for (const route of table.routes) {
    visit(route);
    for (const child of ('children' in route ? route.children : undefined) ?? []) visit(child);
  }
  return found;
}

/** A renderer of the pages of `pages` whose routes in `routes` declare their first api reads. */
export function createFrameRenderer({
  pages,
  routes: table,
}: {
  pages: ExposedPages;
  routes: RemoteRoutes;
}): FrameRenderer {
  const routes = routesWithReads(table);
  const ready = (async () => {
    initI18n({ lng: SUPPORTED_LOCALES[0] });
    await Promise.all([...routes.values()].map((route) => pages[route.page]?.preload?.()));
    for (const locale of SUPPORTED_LOCALES) await loadLocale(locale);
  })();
  // Pages that cannot load fail each render (the host keeps the build's frame); they never stop the
  // server that serves the remote's files, as an unhandled rejection would.
  ready.catch((error: unknown) => console.error('The pages of the frame renderer could not load:', error));
  let queue: Promise<unknown> = ready;
  let waiting = 0;

  async function renderOne(
    { route: name, locale, profileId, answers }: FrameRequest,
    { deadline }: FrameRenderOptions,
  ): Promise<string> {
    if (deadline !== undefined && Date.now() > deadline)
      throw new FrameTooLateError('The frame waited too long for its turn; nobody waits for it any more.');
    const route = routes.get(name);
    const Page = route ? pages[route.page] : undefined;
    if (!route || !Page) throw new FrameRequestError(`No page with first api reads is named "${name}".`);
    if (!isLocale(locale))
      throw new FrameRequestError(`"${String(locale)}" is not a language of the portal.`);
    const wanted = route.preloadApi.map((path) => studentApiPath(path, profileId));
    const given = Object.keys(answers);
    if (given.length !== wanted.length || !wanted.every((path) => Object.hasOwn(answers, path)))
      throw new FrameRequestError(`The answers must be those of ${wanted.join(', ')}.`);
    await i18n.changeLanguage(locale);
    for (const path of wanted) keepPreloadedAnswer(path, answers[path]);
    try {
      return await renderPage(Page, { authenticated: true, username: null, profileId });
    } finally {
      forgetPreloadedAnswer();
    }
  }

  return {
    ready,
    routes,
    waiting: () => waiting,
    render(request, options = {}) {
      waiting += 1;
      const run = queue.then(() => renderOne(request, options));
      queue = run.then(
        () => (waiting -= 1),
        () => (waiting -= 1),
      );
      return run;
    },
  };
}
