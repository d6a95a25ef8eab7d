import { Navigate, useLocation, useParams } from '@portal/shared/router';
import type { RouteObject } from '@portal/shared/router';
import { NAVIGATION_CONTENT_PAGES, paths, SPEC_FIXED_ROUTES, useAuthStore } from '@portal/shared';
import type { PageProps, PublishedRoute, PublishedSubRoute } from '@portal/shared';
import { RequireAuth } from '../features/auth/require-auth';
import { hasPageTree } from '../features/content-routes/build-content-routes';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { AppLayout } from '../features/layout/app-layout';
import { ContentPage } from '../features/pages/content-page';
import { DemoPage } from '../features/pages/demo-page';
import { HomePage } from '../features/pages/home-page';
import { PageNotAvailable } from '../features/pages/page-not-available';
import { remoteNamesOf } from './runtime-config-shape';
import type { RemoteName } from './runtime-config-shape';
import { RemoteSlot } from '../features/remotes/remote-slot';
import { startRouteReads } from '../features/remotes/fetch-ahead';
import type { RemoteRouteTables } from '../features/remotes/remote-routes';
import type { PageTreeSource } from '../features/layout/use-page-title';
import type { RouteHandle } from './route-handle';

/** The host's own pages beside the content pages: the demo page of docs/requirements.md §2. */
const DEMO_ROUTE = { path: paths.demoTest(), name: 'demo-pages-test', titleKey: 'routes.demo' } as const;

/** Titles of the host's own pages, by route name (other content pages use their page title). */
const HOST_TITLE_KEYS: Readonly<Record<string, string>> = {
  home: 'routes.home',
  privacy: 'routes.privacy',
};

// The path whose reads have been started: a page that renders again, or moves between the steps of
// a flow on the same path (a new location, the same page), starts none that it would not take.
let readsStartedFor: string | undefined;

/** A page of the host's own is showing: the next remote page starts its reads, even on the path before. */
export function forgetStartedReads(): void {
  readsStartedFor = undefined;
}

/**
 * The route parameters become page props (a route's parameter names are {@link PageProps} names).
 * The route's declared first reads start as the navigation renders it, beside the page's code.
 */
function RemoteRoute({
  remote,
  route,
  pageId,
  subPage = false,
}: {
  remote: RemoteName;
  route: PublishedRoute | PublishedSubRoute;
  pageId?: string;
  /** A page beneath another (a policy's renewal beneath My Insurance). */
  subPage?: boolean;
}) {
  const params = useParams();
  const { pathname } = useLocation();
  const profileId = useAuthStore((state) => state.profileId);
  if (readsStartedFor !== pathname && profileId) {
    readsStartedFor = pathname;
    startRouteReads(route.preloadApi, profileId, params, { subPage });
  }
  const fromPath = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  const pageProps: PageProps = { ...route.props, ...fromPath, ...(pageId ? { pageId } : {}) };
  return <RemoteSlot remote={remote} page={route.page} pageProps={pageProps} />;
}

const guarded = (requiresAuth: boolean, element: React.ReactNode) =>
  requiresAuth ? <RequireAuth>{element}</RequireAuth> : element;

/** Options of {@link buildAppRoutes}. */
export type AppRoutesOptions = {
  tagManager: boolean;
  /** The page tree the content routes came from: its root and the language it was loaded in. */
  pageTree: PageTreeSource;
};

type Declared = { remote: RemoteName; route: PublishedRoute };

/**
 * The route tree: what the remotes declare (their fixed paths, and the content pages they fill, with
 * the sub-routes beneath), the other content pages as host pages, a "not available" notice on each
 * docs/requirements.md §2 path and navigation page that no deployed remote declares, and a redirect to /home for
 * anything else.
 */
export function buildAppRoutes(
  contentRoutes: readonly ContentRoute[],
  remoteTables: RemoteRouteTables,
  options: AppRoutesOptions,
): RouteObject[] {
  const contentByPath = new Map(contentRoutes.map((route) => [route.path, route]));
  const contentByName = new Map(contentRoutes.map((route) => [route.name, route]));
  // The portal's own remotes first, then those added: the first to declare a path serves it.
  const tables = remoteNamesOf(remoteTables).flatMap((remote) => {
    const table = remoteTables[remote];
    return table ? [[remote, table] as const] : [];
  });
  const declared: Declared[] = tables.flatMap(([remote, table]) =>
    table.state === 'loaded' ? table.routes.routes.map((route) => ({ remote, route })) : [],
  );
  // A remote that could not be reached may serve any missing page: offer a retry rather than "not available".
  const someRemoteDown = tables.some(([, table]) => table.state === 'failed');
  const taken = new Set<string>();
  const routes: RouteObject[] = [];

  const add = (path: string, handle: RouteHandle, element: React.ReactNode) => {
    if (taken.has(path)) return;
    taken.add(path);
    routes.push({ path, handle, element: guarded(handle.requiresAuth, element) });
  };

  // No page tree at all (the content system down, and none kept): a page the remotes fill in the tree
  // opens at its usual path, `/<content page>`, so that students keep My Insurance, Invoices, Profile
  // and Claims. With a tree, a content page that the tree does not have has no path.
  const noPageTree = !hasPageTree(contentRoutes);
  for (const { remote, route } of declared) {
    const content =
      route.contentPage === undefined ? contentByPath.get(route.path) : contentByName.get(route.contentPage);
    const path =
      route.path ?? content?.path ?? (noPageTree && route.contentPage ? `/${route.contentPage}` : undefined);
    if (!path) continue;
    const requiresAuth =
      route.requiresAuth || (route.contentPage !== undefined && content?.requiresAuth === true);
    add(
      path,
      {
        name: route.name,
        remote,
        page: route.page,
        title: route.title,
        pageTitle: content?.pageTitle,
        contentPath: content?.path,
        requiresAuth,
        pageId: content?.pageId,
        subPages: [...new Set(route.children?.map((child) => child.page))].filter(
          (page) => page !== route.page,
        ),
      },
      <RemoteRoute remote={remote} route={route} pageId={content?.pageId} />,
    );
    for (const child of route.children ?? []) {
      add(
        `${path.replace(/\/$/, '')}/${child.path}`,
        {
          name: child.name,
          remote,
          page: child.page,
          title: child.title,
          requiresAuth: requiresAuth || child.requiresAuth,
        },
        <RemoteRoute remote={remote} route={child} subPage />,
      );
    }
  }

  const notAvailable = <PageNotAvailable retry={someRemoteDown} />;
  for (const fixed of SPEC_FIXED_ROUTES) {
    add(fixed.path, { name: fixed.name, requiresAuth: false }, notAvailable);
  }
  add(
    DEMO_ROUTE.path,
    { name: DEMO_ROUTE.name, titleKey: DEMO_ROUTE.titleKey, requiresAuth: false, hideHeader: true },
    <DemoPage />,
  );

  const navigationPages = new Set<string>(NAVIGATION_CONTENT_PAGES);
  for (const content of contentRoutes) {
    const handle: RouteHandle = {
      name: content.name,
      titleKey: HOST_TITLE_KEYS[content.name],
      pageTitle: content.pageTitle,
      contentPath: content.path,
      requiresAuth: content.requiresAuth,
      pageId: content.pageId,
    };
    let page: React.ReactNode;
    if (navigationPages.has(content.name)) page = notAvailable;
    else if (content.name === 'home') page = <HomePage pageId={content.pageId} />;
    else page = <ContentPage pageId={content.pageId} />;
    add(content.path, handle, page);
  }

  const children: RouteObject[] = [
    { index: true, element: <Navigate to={paths.home()} replace /> },
    ...routes,
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
