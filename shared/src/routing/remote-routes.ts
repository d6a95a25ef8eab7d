import { ROUTE_PATHS } from './route-paths';
import type { FixedRouteName } from './route-paths';
import type { PageProps } from './page-props';

/**
 * The route names and paths of docs/requirements.md §2 that some remote must serve, and the content pages that
 * the navigation of docs/requirements.md §2 links to. The host shows a "not available" notice (not a redirect)
 * on any of these that no deployed remote declares. The names are the tag manager's page names.
 */
export const SPEC_FIXED_ROUTES = (
  [
    'login',
    'resetpassword',
    'activate',
    'setpassword',
    'service-contact',
    'service-contact/file-a-claim',
    'service-contact/faq',
    'service-contact/faq-category',
    'service-contact/faq-answer',
    'service-contact/contact',
    'service-contact/emergency',
    'request',
  ] as const satisfies readonly FixedRouteName[]
).map((name) => ({ name, path: ROUTE_PATHS[name] }));

/** Content pages (by route name) behind the navigation entries of docs/requirements.md §2. */
export const NAVIGATION_CONTENT_PAGES = ['insurances', 'profile', 'claims', 'invoices'] as const;

/** Props a route may fix for its page (the route parameters come on top). */
export type StaticPageProps = Pick<PageProps, 'mode'>;

/** What every route of a remote declares. `Page` is the union of the keys of its `./pages`. */
type RouteCommon<Page extends string> = {
  /** Route name: the tag manager's page name, and what docs/requirements.md §2 calls the route. */
  name: string;
  /** Key of the page's title in the remote's own namespace (its `locales/en.json`). */
  titleKey: string;
  requiresAuth: boolean;
  /** Fixed props of the page, e.g. which mode of a shared page. */
  props?: StaticPageProps;
  /** The page: its key in the remote's `./pages` module. */
  page: Page;
  /**
   * The api reads the page makes first for a student with a session, relative to the origin, with
   * `{profileId}` for the student's profile (`api/en/profiles/{profileId}/policies`) and `{name}` for
   * a parameter of the route's own path (`api/en/claims/{claimNumber}` beneath `:claimNumber`), each
   * a whole segment, in the order the page needs them. The host server has the browser fetch the
   * first two with the page (preload links; the page's scripts need the other connections), and the
   * host starts them all at the moment of a navigation, so that the data is under way before the
   * page's scripts have arrived; the page's own request takes that answer. A parameter's value that
   * is not a plain id ({@link isRouteParamValue}) is not read ahead: the page reads it itself.
   */
  preloadApi?: readonly string[];
};

/** A route beneath a page of the remote, e.g. `:policyId/renew` beneath `insurances`. */
export type RemoteSubRoute<Page extends string = string> = RouteCommon<Page> & {
  /** Relative to the page's path; no leading slash. Parameters become page props. */
  path: string;
};

/** A page with a fixed path of its own, e.g. `/login` or a link mailed by the backend. */
export type RemoteFixedRoute<Page extends string = string> = RouteCommon<Page> & {
  /** react-router pattern relative to the basename, starting with `/`. */
  path: `/${string}`;
  contentPage?: never;
  children?: readonly RemoteSubRoute<Page>[];
};

/** A page that fills a content page of the content tree, found by the content page's route name. */
export type RemoteContentRoute<Page extends string = string> = RouteCommon<Page> & {
  /** Route name of the content page, e.g. `insurances` for `/insurances`. */
  contentPage: string;
  path?: never;
  children?: readonly RemoteSubRoute<Page>[];
};

/** One page a remote serves. */
export type RemoteRoute<Page extends string = string> = RemoteFixedRoute<Page> | RemoteContentRoute<Page>;

/**
 * What a remote's `src/exposed/routes.ts` exports as `routes`: every page it serves. The build turns
 * it into `routes.json` beside `mf-manifest.json`, with each title resolved in every language, and
 * the host reads that at start-up. Type a remote's table as
 * `export const routes = { … } satisfies RemoteRoutes<keyof typeof pages>` so that a page key that
 * `./pages` does not have fails `tsc`.
 */
export type RemoteRoutes<Page extends string = string> = {
  /** The remote's i18n namespace, where its title keys are. */
  namespace: string;
  routes: readonly RemoteRoute<Page>[];
};

/** A title in every language the portal has, by locale (`en-GB`, `nl`). */
export type LocalizedTitle = Readonly<Record<string, string>>;

/** A sub-route as published in `routes.json`. */
export type PublishedSubRoute = RemoteSubRoute & { title: LocalizedTitle };

/** A route as published in `routes.json`. */
export type PublishedRoute = (Omit<RemoteFixedRoute, 'children'> | Omit<RemoteContentRoute, 'children'>) & {
  title: LocalizedTitle;
  children?: readonly PublishedSubRoute[];
};

/** The `routes.json` a remote's build publishes beside its `mf-manifest.json`. */
export type PublishedRoutes = {
  /** Format of the file, raised only by an incompatible change. */
  version: 1;
  namespace: string;
  routes: readonly PublishedRoute[];
};

/** The file name of the published routes, beside the remote's manifest. */
export const PUBLISHED_ROUTES_FILE = 'routes.json';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a published route's own fields, or undefined when nothing is. `params`: its path's. */
function commonProblem(value: Record<string, unknown>, params: readonly string[]): string | undefined {
  if (typeof value.name !== 'string' || value.name === '') return '"name" must be a non-empty text';
  if (typeof value.page !== 'string' || value.page === '') return '"page" must be a page key';
  if (typeof value.requiresAuth !== 'boolean') return '"requiresAuth" must be true or false';
  if (typeof value.titleKey !== 'string') return '"titleKey" must be a text';
  if (!isRecord(value.title) || !Object.values(value.title).every((text) => typeof text === 'string'))
    return '"title" must hold a text per locale';
  if (value.props !== undefined && !isRecord(value.props)) return '"props" must be an object';
  if (
    value.preloadApi !== undefined &&
    !(
      Array.isArray(value.preloadApi) &&
      value.preloadApi.every((path: unknown) => isPreloadApiPath(path, params))
    )
  )
    return '"preloadApi" must be a list of api paths ("api/…", each blank {profileId} or a path parameter)';
  return undefined;
}

/** The parameter names of a route pattern: `['policyId']` for `:policyId/renew`. */
export function routeParamNames(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1] ?? '');
}

/**
 * An api path a route may have preloaded: below `api/`, no other origin, no way up, and each blank a
 * whole segment that is `{profileId}` or one of `params` (the route's own path parameters).
 */
export function isPreloadApiPath(value: unknown, params: readonly string[] = []): value is string {
  if (typeof value !== 'string' || !/^api\/[A-Za-z0-9/_.{}-]*$/.test(value) || value.includes('..'))
    return false;
  return value.split('/').every((segment) => {
    if (!/[{}]/.test(segment)) return true;
    const name = /^\{([A-Za-z]\w*)\}$/.exec(segment)?.[1];
    return name !== undefined && (name === 'profileId' || params.includes(name));
  });
}

/**
 * Whether a route parameter's value may go into an api path read ahead: a plain id (letters, digits,
 * `-`, `_`, and `.` after the first; at most 100), never a way up. Anything else (a `/`, `%2F`, a control character, a
 * space) is not read ahead, and the page's own request goes to the network as it would without.
 */
export function isRouteParamValue(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/.test(value) && !value.includes('..')
  );
}

/**
 * A route's `preloadApi` path with the route's parameters filled in (`{profileId}` left for
 * {@link studentApiPath}), or undefined when a blank has no value or a value is not a plain id.
 */
export function fillRouteParams(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  let refused = false;
  const filled = path.replace(/\{([A-Za-z]\w*)\}/g, (blank, name: string) => {
    if (name === 'profileId') return blank;
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (!isRouteParamValue(value)) {
      refused = true;
      return blank;
    }
    return encodeURIComponent(value);
  });
  return refused ? undefined : filled;
}

/** A route's `preloadApi` path for one student: `{profileId}` filled in (encoded), no leading slash. */
export function studentApiPath(path: string, profileId: string): string {
  return path.replaceAll('{profileId}', encodeURIComponent(profileId));
}

function subRouteProblem(value: unknown, parentParams: readonly string[]): string | undefined {
  if (!isRecord(value)) return 'must be an object';
  if (typeof value.path !== 'string' || value.path === '' || value.path.startsWith('/'))
    return '"path" must be a path relative to its page (no leading "/")';
  return commonProblem(value, [...parentParams, ...routeParamNames(value.path)]);
}

function routeProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'must be an object';
  const fixed = typeof value.path === 'string' && value.path.startsWith('/');
  const content = typeof value.contentPage === 'string' && value.contentPage !== '';
  if (fixed === content || (content && value.path !== undefined))
    return 'needs either "path" (starting with "/") or "contentPage", not both';
  const params = fixed ? routeParamNames(value.path as string) : [];
  const problem = commonProblem(value, params);
  if (problem) return problem;
  if (value.children === undefined) return undefined;
  if (!Array.isArray(value.children)) return '"children" must be a list';
  for (const [index, child] of value.children.entries()) {
    const childProblem = subRouteProblem(child, params);
    if (childProblem) {
      const name = isRecord(child) && typeof child.name === 'string' ? ` ("${child.name}")` : '';
      return `children[${index}]${name}: ${childProblem}`;
    }
  }
  return undefined;
}

/**
 * Reads a remote's published `routes.json`: the routes it declares, or an error that names the
 * remote, the route and the field that is wrong. `source` says whose table it is (e.g.
 * `remote-billing`). The one reader of route tables, in the browser and in the host server alike; a
 * hand-written check rather than a schema library, as it runs in the host's start-up bundle.
 */
export function parsePublishedRoutes(value: unknown, source = 'a remote'): PublishedRoutes {
  const where = `${PUBLISHED_ROUTES_FILE} of ${source}`;
  if (!isRecord(value)) throw new Error(`${where}: not a JSON object`);
  if (value.version !== 1)
    throw new Error(`${where}: "version" must be 1, not ${JSON.stringify(value.version)}`);
  if (typeof value.namespace !== 'string' || value.namespace === '')
    throw new Error(`${where}: "namespace" must be a non-empty text`);
  if (!Array.isArray(value.routes)) throw new Error(`${where}: "routes" must be a list`);
  for (const [index, route] of value.routes.entries()) {
    const problem = routeProblem(route);
    if (problem) {
      const name = isRecord(route) && typeof route.name === 'string' ? ` ("${route.name}")` : '';
      throw new Error(`${where}: routes[${index}]${name}: ${problem}`);
    }
  }
  return value as PublishedRoutes;
}

/**
 * The parameters of a path that a route pattern (`/activate/:id/:username`, `/faq/:qaCategoryId/`)
 * matches, decoded as the router decodes them, or undefined when it does not match.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const parts = (value: string) => value.split('/').filter((part) => part !== '');
  const want = parts(pattern);
  const have = parts(pathname);
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = decoded(have[index] ?? '');
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return undefined;
  }
  return params;
}

/** Whether a route pattern (`/activate/:id/:username`, `/faq/:qaCategoryId/`) matches a path. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return matchPattern(pattern, pathname) !== undefined;
}

/** The page that serves a path: which remote's table declares it, and its route. */
export type FoundPublishedRoute<Remote extends string> = {
  remote: Remote;
  name: string;
  page: string;
  requiresAuth: boolean;
  /** The api reads to preload for a student with a session (see `RouteCommon.preloadApi`). */
  preloadApi?: readonly string[];
  /** The path's parameters, decoded (fill `preloadApi` with {@link fillRouteParams}). */
  params: Readonly<Record<string, string>>;
};

/**
 * The declared page at `pathname` (relative to the basename) among the remotes' tables, tried in the
 * order given. A content page is at the path the content tree gives it (`contentPath`), else at its
 * usual `/<content page>`. A sub-route needs a login when its page does.
 */
export function findPublishedRoute<Remote extends string>(
  tables: ReadonlyArray<readonly [Remote, PublishedRoutes]>,
  pathname: string,
  contentPath: (contentPage: string) => string | undefined = () => undefined,
): FoundPublishedRoute<Remote> | undefined {
  for (const [remote, table] of tables) {
    for (const route of table.routes) {
      const base = route.path ?? contentPath(route.contentPage) ?? `/${route.contentPage}`;
      const params = matchPattern(base, pathname);
      if (params)
        return {
          remote,
          name: route.name,
          page: route.page,
          requiresAuth: route.requiresAuth,
          ...(route.preloadApi ? { preloadApi: route.preloadApi } : {}),
          params,
        };
      for (const child of route.children ?? []) {
        const childParams = matchPattern(`${base.replace(/\/$/, '')}/${child.path}`, pathname);
        if (childParams)
          return {
            remote,
            name: child.name,
            page: child.page,
            requiresAuth: route.requiresAuth || child.requiresAuth,
            ...(child.preloadApi ? { preloadApi: child.preloadApi } : {}),
            params: childParams,
          };
      }
    }
  }
  return undefined;
}

/**
 * The lazy chunk of a page module: the remotes name it after the page key
 * (`webpackChunkName: "page-reset-password"` for `resetPassword`), the build checks that every
 * declared page has one, and the host server preloads it by this name.
 */
export const pageChunkName = (page: string): string =>
  `page-${page.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
