// A first frame with the page's data, rendered on the remote's server: the page of a route that
// declares its first api reads (`preloadApi`), rendered with the answers the host server fetched for
// the student, so that her policies are in the page the phone paints, before any script has arrived;
// and a page that shows content (the FAQ, Emergency), rendered with the answers of its content
// queries, which the host fetched from the content endpoint.
// The host server asks for it (host/server/student-frame.ts); the remote's server answers
// `POST /frames` with it (../server/frame-route.ts). Runs in Node without a DOM: the modules a page
// imports must not need `window` when they load (base-http.ts keeps to that).
import sanitizeHtml from 'sanitize-html';
import { forgetContentAnswers, keepContentAnswers } from '@portal/shared/content';
import type { ContentAnswer } from '@portal/shared/content';
import { stringifyDocument } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';
import { i18n, initI18n, isLocale, loadLocale, SUPPORTED_LOCALES } from '@portal/shared';
import { contentLanguage } from '@portal/shared';
import { forgetPreloadedAnswer, keepPreloadedAnswer } from '@portal/shared';
import type { ExposedPages, RemoteRoutes } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { studentApiPath } from '@portal/shared';
import { matchRoutes } from '@portal/shared/router';
import { setServerHtmlSanitizer } from '@portal/ui';
import { NOBODY, renderPage, SOMEONE } from './render-page';

import { FrameRequestError, FrameTooLateError } from './frame-types';
import type { FrameRenderer, FrameRenderOptions, FrameRequest, FrameRoute } from './frame-types';

export { FrameRequestError, FrameTooLateError } from './frame-types';
export type { FrameRenderer, FrameRenderOptions, FrameRequest, FrameRoute } from './frame-types';

/** A content query of a page: its document, as the page's own `useQuery` takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query, whatever its result
type ContentQuery = TypedDocumentNode<any, { lang: string }>;

/**
 * The tags and attributes content HTML may keep in a frame, where DOMPurify (the browser's sanitiser)
 * cannot run: the text, its structure and links, nothing executable and no styles. The app's own
 * render replaces the frame with DOMPurify's result.
 */
const FRAME_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'span'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowProtocolRelative: false,
};

const operationName = (query: ContentQuery): string => {
  const definition = query.definitions[0];
  const name = definition && 'name' in definition ? definition.name?.value : undefined;
  if (!name) throw new Error('A content query of a frame needs an operation name.');
  return name;
};

/**
 * The routes of a table (and their children) that the renderer renders: those whose first api reads
 * are declared, and those named in `content` with their content queries.
 */
function frameRoutes(
  table: RemoteRoutes,
  content: Readonly<Record<string, readonly ContentQuery[]>>,
): Map<string, FrameRoute> {
  const found = new Map<string, FrameRoute>();
  const visit = (
    route: { name: string; page: string; preloadApi?: readonly string[]; props?: object; path?: string },
    path: string | undefined,
  ) => {
    const queries = content[route.name] ?? [];
    const props = route.props as FrameRoute['props'];
    // A route with fixed props renders differently from its page alone; no student's page has any.
    if (route.preloadApi?.length && !props && queries.length === 0)
      found.set(route.name, { page: route.page, preloadApi: route.preloadApi, content: {} });
    else if (queries.length > 0 && !route.preloadApi?.length)
      found.set(route.name, {
        page: route.page,
        preloadApi: [],
        content: Object.fromEntries(queries.map((query) => [operationName(query), stringifyDocument(query)])),
        path,
        ...(props ? { props } : {}),
      });
    else if (queries.length > 0)
      throw new Error(`The route "${route.name}" has both a student's reads and content queries.`);
  };
  for (const route of table.routes) {
    const base = 'path' in route && route.path ? route.path : undefined;
    visit(route, base);
    for (const child of ('children' in route ? route.children : undefined) ?? [])
      visit(child, base ? `${base.replace(/\/$/, '')}/${child.path}` : undefined);
  }
  for (const name of Object.keys(content))
    if (!found.has(name)) throw new Error(`No route "${name}" to render content frames for.`);
  return found;
}

/** The page's props on `pathname`: the route's fixed props and the URL's parameters. */
function pagePropsAt(route: FrameRoute, pathname: string | undefined): PageProps {
  if (!route.path) return { ...route.props };
  const match = pathname === undefined ? undefined : matchRoutes([{ path: route.path }], pathname)?.[0];
  if (!match) throw new FrameRequestError(`The path is not one of the page’s (${route.path}).`);
  const fromPath = Object.fromEntries(
    Object.entries(match.params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { ...route.props, ...fromPath };
}

/**
 * A renderer of the pages of `pages` whose routes in `routes` declare their first api reads, and of
 * the routes named in `content` with the content queries their page makes as it opens.
 */
export function createFrameRenderer({
  pages,
  routes: table,
  content = {},
}: {
  pages: ExposedPages;
  routes: RemoteRoutes;
  content?: Readonly<Record<string, readonly ContentQuery[]>>;
}): FrameRenderer {
  const routes = frameRoutes(table, content);
  // Content HTML in a frame (an FAQ answer): DOMPurify needs a DOM, which a server has not.
  setServerHtmlSanitizer({ sanitize: (html) => sanitizeHtml(html, FRAME_HTML) });
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

  /** A content page's frame, for a visitor or for some student (`member`). */
  async function renderContent(
    route: FrameRoute,
    Page: ExposedPages[string],
    { locale, member, pathname, answers, content: given = {} }: FrameRequest,
  ): Promise<string> {
    if (Object.keys(answers).length > 0)
      throw new FrameRequestError('A content page takes no api answers, only its content.');
    const names = Object.keys(route.content);
    const givenNames = Object.keys(given);
    if (givenNames.length !== names.length || !names.every((name) => Object.hasOwn(given, name)))
      throw new FrameRequestError(`The content must be that of ${names.join(', ')}.`);
    const props = pagePropsAt(route, pathname);
    const lang = contentLanguage(locale);
    const kept: ContentAnswer[] = names.map((name) => ({
      query: route.content[name] ?? '',
      lang,
      data: given[name],
    }));
    await i18n.changeLanguage(locale);
    keepContentAnswers(kept);
    try {
      return await renderPage(Page, member ? SOMEONE : NOBODY, props, pathname);
    } finally {
      forgetContentAnswers(kept);
    }
  }

  async function renderOne(request: FrameRequest, { deadline }: FrameRenderOptions): Promise<string> {
    const { route: name, locale, profileId, answers } = request;
    if (deadline !== undefined && Date.now() > deadline)
      throw new FrameTooLateError('The frame waited too long for its turn; nobody waits for it any more.');
    const route = routes.get(name);
    const Page = route ? pages[route.page] : undefined;
    if (!route || !Page) throw new FrameRequestError(`No page with first api reads is named "${name}".`);
    if (!isLocale(locale))
      throw new FrameRequestError(`"${String(locale)}" is not a language of the portal.`);
    if (route.preloadApi.length === 0) return renderContent(route, Page, request);
    if (!profileId) throw new FrameRequestError('A student’s page needs her profile id.');
    if (request.content !== undefined)
      throw new FrameRequestError('A student’s page takes her api answers, not content.');
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
