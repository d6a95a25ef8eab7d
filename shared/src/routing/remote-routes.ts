import type { PageProps } from './page-props';

/**
 * The route names and paths of docs/requirements.md §2 that some remote must serve, and the content pages that
 * the navigation of docs/requirements.md §2 links to. The host shows a "not available" notice (not a redirect)
 * on any of these that no deployed remote declares. The names are the tag manager's page names.
 */
export const SPEC_FIXED_ROUTES = [
  { name: 'login', path: '/login' },
  { name: 'resetpassword', path: '/resetpassword' },
  { name: 'activate', path: '/activate/:id/:username' },
  { name: 'setpassword', path: '/setpassword/:id/:username' },
  { name: 'service-contact', path: '/service-contact' },
  { name: 'service-contact/file-a-claim', path: '/service-contact/file-a-claim' },
  { name: 'service-contact/faq', path: '/service-contact/faq' },
  { name: 'service-contact/faq-category', path: '/service-contact/faq/:qaCategoryId/' },
  { name: 'service-contact/faq-answer', path: '/service-contact/faq/:qaCategoryId/:qaId' },
  { name: 'service-contact/contact', path: '/service-contact/contact' },
  { name: 'service-contact/emergency', path: '/service-contact/emergency' },
  { name: 'request', path: '/request' },
] as const;

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

const isTitle = (value: unknown): value is LocalizedTitle =>
  isRecord(value) && Object.values(value).every((text) => typeof text === 'string');

function isCommon(value: Record<string, unknown>): boolean {
  return (
    typeof value.name === 'string' &&
    value.name !== '' &&
    typeof value.page === 'string' &&
    typeof value.requiresAuth === 'boolean' &&
    typeof value.titleKey === 'string' &&
    isTitle(value.title) &&
    (value.props === undefined || isRecord(value.props))
  );
}

function isSubRoute(value: unknown): value is PublishedSubRoute {
  return (
    isRecord(value) &&
    isCommon(value) &&
    typeof value.path === 'string' &&
    value.path !== '' &&
    !value.path.startsWith('/')
  );
}

function isRoute(value: unknown): value is PublishedRoute {
  if (!isRecord(value) || !isCommon(value)) return false;
  const fixed =
    typeof value.path === 'string' && value.path.startsWith('/') && value.contentPage === undefined;
  const content = typeof value.contentPage === 'string' && value.path === undefined;
  const children =
    value.children === undefined || (Array.isArray(value.children) && value.children.every(isSubRoute));
  return (fixed || content) && children;
}

/**
 * Reads a remote's `routes.json`: the routes it declares, or an error that says what is wrong. A
 * hand-written check rather than a schema library: it runs in the host's start-up bundle.
 */
export function parsePublishedRoutes(value: unknown): PublishedRoutes {
  if (!isRecord(value) || value.version !== 1) throw new Error('routes.json: unknown format version');
  if (typeof value.namespace !== 'string' || !Array.isArray(value.routes)) {
    throw new Error('routes.json: namespace and routes are required');
  }
  const bad = value.routes.findIndex((route) => !isRoute(route));
  if (bad >= 0) throw new Error(`routes.json: route ${bad} is not a valid route`);
  return value as PublishedRoutes;
}
