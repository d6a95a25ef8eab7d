import { Navigate, useParams } from '@portal/shared/router';
import type { RouteObject } from '@portal/shared/router';
import { paths, ROUTE_PATTERNS } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { RequireAuth } from '../features/auth/require-auth';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { AppLayout } from '../features/layout/app-layout';
import { ContentPage } from '../features/pages/content-page';
import { DemoPage } from '../features/pages/demo-page';
import { HomePage } from '../features/pages/home-page';
import type { RemoteName } from './runtime-config-shape';
import { RemoteSlot } from '../features/remotes/remote-slot';
import type { PageTreeSource } from '../features/layout/use-page-title';
import type { RouteHandle } from './route-handle';

/** A page in a remote: its federation name and its key in the remote's `pages`. */
export type RemoteTarget = { remote: RemoteName; page: string; props?: PageProps };

type FixedRoute = {
  path: string;
  name: string;
  titleKey: string;
  target: RemoteTarget | 'demo';
  hideHeader?: boolean;
};

/** The fixed routes of SPEC.md §2, all public. */
export const FIXED_ROUTES: readonly FixedRoute[] = [
  {
    path: paths.login(),
    name: 'login',
    titleKey: 'routes.login',
    target: { remote: 'account', page: 'login' },
  },
  {
    path: paths.resetPassword(),
    name: 'resetpassword',
    titleKey: 'routes.resetPassword',
    target: { remote: 'account', page: 'resetPassword' },
  },
  {
    path: ROUTE_PATTERNS.activate,
    name: 'activate',
    titleKey: 'routes.activate',
    target: { remote: 'account', page: 'activate', props: { mode: 'activate' } },
  },
  {
    path: ROUTE_PATTERNS.setPassword,
    name: 'setpassword',
    titleKey: 'routes.setPassword',
    target: { remote: 'account', page: 'activate', props: { mode: 'setpassword' } },
  },
  {
    path: paths.serviceContact(),
    name: 'service-contact',
    titleKey: 'routes.serviceContact',
    target: { remote: 'service', page: 'serviceContact' },
  },
  {
    path: paths.fileClaim(),
    name: 'service-contact/file-a-claim',
    titleKey: 'routes.fileClaim',
    target: { remote: 'service', page: 'fileClaim' },
  },
  {
    path: paths.faq(),
    name: 'service-contact/faq',
    titleKey: 'routes.faq',
    target: { remote: 'service', page: 'faq' },
  },
  {
    path: ROUTE_PATTERNS.faqCategory,
    name: 'service-contact/faq-category',
    titleKey: 'routes.faq',
    target: { remote: 'service', page: 'faqCategory' },
  },
  {
    path: ROUTE_PATTERNS.faqAnswer,
    name: 'service-contact/faq-answer',
    titleKey: 'routes.faq',
    target: { remote: 'service', page: 'faqAnswer' },
  },
  {
    path: paths.contact(),
    name: 'service-contact/contact',
    titleKey: 'routes.contact',
    target: { remote: 'service', page: 'contact' },
  },
  {
    path: paths.emergency(),
    name: 'service-contact/emergency',
    titleKey: 'routes.emergency',
    target: { remote: 'service', page: 'emergency' },
  },
  {
    path: paths.request(),
    name: 'request',
    titleKey: 'routes.request',
    target: { remote: 'insurance', page: 'request' },
  },
  {
    path: paths.demoTest(),
    name: 'demo-pages-test',
    titleKey: 'routes.demo',
    target: 'demo',
    hideHeader: true,
  },
];

/** Content pages that live in a remote, by route name; other content pages are host pages. */
export const CONTENT_PAGE_TARGETS: Readonly<Record<string, RemoteTarget>> = {
  insurances: { remote: 'insurance', page: 'insurances' },
  invoices: { remote: 'billing', page: 'invoices' },
  profile: { remote: 'account', page: 'profile' },
  claims: { remote: 'service', page: 'claims' },
};

const TITLE_KEYS: Readonly<Record<string, string>> = {
  home: 'routes.home',
  insurances: 'routes.insurances',
  invoices: 'routes.invoices',
  profile: 'routes.profile',
  claims: 'routes.claims',
  privacy: 'routes.privacy',
};

/** Route parameters of the fixed routes become page props (their names match PageProps). */
function RemoteRoute({ target, pageId }: { target: RemoteTarget; pageId: string | undefined }) {
  const { qaCategoryId, qaId, id, username } = useParams();
  const params = Object.fromEntries(
    Object.entries({ qaCategoryId, qaId, id, username, pageId }).filter(([, value]) => value !== undefined),
  ) as PageProps;
  return <RemoteSlot remote={target.remote} page={target.page} pageProps={{ ...target.props, ...params }} />;
}

function contentElement(route: ContentRoute) {
  const remote = CONTENT_PAGE_TARGETS[route.name];
  if (remote) return <RemoteRoute target={remote} pageId={route.pageId} />;
  if (route.name === 'home') return <HomePage pageId={route.pageId} />;
  return <ContentPage pageId={route.pageId} />;
}

/** Options of {@link buildAppRoutes}. */
export type AppRoutesOptions = {
  tagManager: boolean;
  /** The page tree the content routes came from: its root and the language it was loaded in. */
  pageTree: PageTreeSource;
};

/**
 * The route tree: fixed routes (enriched with the content page of the same path, if any), the
 * content routes (requiresAuth enforced), and a redirect to /home for anything else.
 */
export function buildAppRoutes(
  contentRoutes: readonly ContentRoute[],
  options: AppRoutesOptions,
): RouteObject[] {
  const contentByPath = new Map(contentRoutes.map((route) => [route.path, route]));
  const fixedPaths = new Set(FIXED_ROUTES.map((route) => route.path));

  const fixed: RouteObject[] = FIXED_ROUTES.map((route) => {
    const content = contentByPath.get(route.path);
    const handle: RouteHandle = {
      name: route.name,
      titleKey: route.titleKey,
      pageTitle: content?.pageTitle,
      contentPath: content?.path,
      requiresAuth: false,
      pageId: content?.pageId,
      hideHeader: route.hideHeader,
    };
    const element =
      route.target === 'demo' ? <DemoPage /> : <RemoteRoute target={route.target} pageId={content?.pageId} />;
    return { path: route.path, handle, element };
  });

  const content: RouteObject[] = contentRoutes
    .filter((route) => !fixedPaths.has(route.path))
    .map((route) => {
      const handle: RouteHandle = {
        name: route.name,
        titleKey: TITLE_KEYS[route.name],
        pageTitle: route.pageTitle,
        contentPath: route.path,
        requiresAuth: route.requiresAuth,
        pageId: route.pageId,
      };
      const page = contentElement(route);
      return {
        path: route.path,
        handle,
        element: route.requiresAuth ? <RequireAuth>{page}</RequireAuth> : page,
      };
    });

  const children: RouteObject[] = [
    { index: true, element: <Navigate to={paths.home()} replace /> },
    ...fixed,
    ...content,
    { path: '*', element: <Navigate to={paths.home()} replace /> },
  ];
  return [
    {
      path: '/',
      element: <AppLayout tagManager={options.tagManager} pageTree={options.pageTree} routes={children} />,
      children,
    },
  ];
}
