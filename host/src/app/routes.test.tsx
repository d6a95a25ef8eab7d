import { act, screen } from '@testing-library/react';
import type { RouteObject } from '@portal/shared/router';
import type * as Router from '@portal/shared/router';
import { useAuthStore } from '@portal/shared';
import type { PublishedRoute } from '@portal/shared';
import type { RemoteRouteTables } from '../features/remotes/remote-routes';
import type { RemoteSlotProps } from '../features/remotes/remote-slot';
import { FALLBACK_HOME_ROUTE } from '../features/content-routes/build-content-routes';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { renderRoutes } from '../testing/render-routes';
import { startRouteReads } from '../features/remotes/fetch-ahead';
import { buildAppRoutes, forgetStartedReads } from './routes';
import type { RouteHandle } from './route-handle';

// The routes are under test, not the shell around them nor the remotes: the layout is only its
// outlet, and a remote's place shows what it was asked to load.
jest.mock('../features/layout/app-layout', () => {
  const { Outlet } = jest.requireActual<typeof Router>('@portal/shared/router');
  return { AppLayout: () => <Outlet /> };
});
jest.mock('../features/remotes/remote-slot', () => ({
  RemoteSlot: ({ remote, page, pageProps }: RemoteSlotProps) => (
    <p data-testid="slot">{JSON.stringify({ remote, page, pageProps })}</p>
  ),
}));
jest.mock('../features/remotes/fetch-ahead', () => ({ startRouteReads: jest.fn() }));
jest.mock('../features/pages/content-page', () => ({
  ContentPage: ({ pageId }: { pageId?: string }) => <p>content page {pageId}</p>,
}));
jest.mock('../features/pages/page-not-available', () => ({
  PageNotAvailable: ({ retry }: { retry?: boolean }) => (
    <p>{retry ? 'retry notice' : 'not available notice'}</p>
  ),
}));
jest.mock('../features/pages/home-page', () => ({
  HomePage: ({ pageId }: { pageId?: string }) => <p>home page {pageId}</p>,
}));

const CONTENT: ContentRoute[] = [
  { path: '/home', name: 'home', requiresAuth: false, pageId: 'g-home', pageTitle: 'Welcome' },
  { path: '/insurances', name: 'insurances', requiresAuth: true, pageId: 'g-ins', pageTitle: 'My Insurance' },
  { path: '/invoices', name: 'invoices', requiresAuth: true, pageId: 'g-inv', pageTitle: 'Invoices' },
  { path: '/profile', name: 'profile', requiresAuth: true, pageId: 'g-prof', pageTitle: 'Profile' },
  { path: '/privacy', name: 'privacy', requiresAuth: false, pageId: 'g-priv', pageTitle: 'Privacy' },
  { path: '/secret', name: 'secret', requiresAuth: true, pageId: 'g-sec', pageTitle: 'Secret' },
  {
    path: '/service-contact/faq',
    name: 'service-contact/faq',
    requiresAuth: false,
    pageId: 'g-faq',
    pageTitle: 'FAQ',
  },
];

const OPTIONS = { tagManager: false, pageTree: { root: '/sitecore/content/expat-portal/home', lang: 'en' } };

/** A route as a remote's build publishes it (title in both languages). */
function published(
  route: Omit<PublishedRoute, 'title' | 'titleKey' | 'requiresAuth'> & { requiresAuth?: boolean },
) {
  return {
    titleKey: `routes.${route.page}`,
    requiresAuth: false,
    ...route,
    title: { 'en-GB': `${route.page} title`, nl: `${route.page} titel` },
  } as PublishedRoute;
}

const loaded = (namespace: string, routes: PublishedRoute[]) =>
  ({ state: 'loaded', routes: { version: 1, namespace, routes } }) as const;

const TABLES: RemoteRouteTables = {
  account: loaded('account', [
    published({ name: 'login', path: '/login', page: 'login' }),
    published({ name: 'resetpassword', path: '/resetpassword', page: 'resetPassword' }),
    published({
      name: 'activate',
      path: '/activate/:id/:username',
      page: 'activate',
      props: { mode: 'activate' },
    }),
    published({
      name: 'setpassword',
      path: '/setpassword/:id/:username',
      page: 'activate',
      props: { mode: 'setpassword' },
    }),
  ]),
  insurance: loaded('insurance', [
    published({
      name: 'insurances',
      contentPage: 'insurances',
      page: 'insurances',
      requiresAuth: true,
      children: [
        {
          name: 'insurances/renew',
          path: ':policyId/renew',
          titleKey: 'routes.renew',
          title: { 'en-GB': 'Renew' },
          requiresAuth: false,
          page: 'renew',
          preloadApi: ['api/en/profiles/{profileId}/policies', 'api/en/policies/{policyId}'],
        },
      ],
    }),
  ]),
  billing: loaded('billing', [
    published({ name: 'invoices', contentPage: 'invoices', page: 'invoices', requiresAuth: true }),
  ]),
  service: loaded('service', [
    published({ name: 'service-contact/faq', path: '/service-contact/faq', page: 'faq' }),
    published({
      name: 'service-contact/faq-category',
      path: '/service-contact/faq/:qaCategoryId/',
      page: 'faqCategory',
    }),
    published({
      name: 'service-contact/faq-answer',
      path: '/service-contact/faq/:qaCategoryId/:qaId',
      page: 'faqAnswer',
    }),
    published({ name: 'service-contact/emergency', path: '/service-contact/emergency', page: 'emergency' }),
  ]),
};

function renderAt(url: string, tables: RemoteRouteTables = TABLES) {
  return renderRoutes(buildAppRoutes(CONTENT, tables, OPTIONS), url);
}

async function slot(): Promise<Pick<RemoteSlotProps, 'remote' | 'page' | 'pageProps'>> {
  return JSON.parse((await screen.findByTestId('slot')).textContent ?? '{}');
}

function childRoutes(): RouteObject[] {
  return buildAppRoutes(CONTENT, TABLES, OPTIONS)[0]?.children ?? [];
}

describe('buildAppRoutes', () => {
  beforeEach(() => useAuthStore.setState({ authenticated: false }));

  it.each([
    ['/login', { remote: 'account', page: 'login', pageProps: {} }],
    ['/resetpassword', { remote: 'account', page: 'resetPassword', pageProps: {} }],
    [
      '/activate/tok-1/anna%40example.com',
      {
        remote: 'account',
        page: 'activate',
        pageProps: { mode: 'activate', id: 'tok-1', username: 'anna@example.com' },
      },
    ],
    [
      '/setpassword/tok-2/ben%40example.com',
      {
        remote: 'account',
        page: 'activate',
        pageProps: { mode: 'setpassword', id: 'tok-2', username: 'ben@example.com' },
      },
    ],
    ['/service-contact/faq', { remote: 'service', page: 'faq', pageProps: { pageId: 'g-faq' } }],
    [
      '/service-contact/faq/travel/',
      { remote: 'service', page: 'faqCategory', pageProps: { qaCategoryId: 'travel' } },
    ],
    [
      '/service-contact/faq/travel/q-7',
      { remote: 'service', page: 'faqAnswer', pageProps: { qaCategoryId: 'travel', qaId: 'q-7' } },
    ],
    ['/service-contact/emergency', { remote: 'service', page: 'emergency', pageProps: {} }],
  ])('should render %s from the remote that declares it, with its props', async (url, expected) => {
    renderAt(url);
    expect(await slot()).toEqual(expected);
  });

  it('should place a remote on the content page it fills, with the page id', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/invoices');
    expect(await slot()).toEqual({ remote: 'billing', page: 'invoices', pageProps: { pageId: 'g-inv' } });
  });

  it('should place a sub-route beneath its page, with the route parameters as props', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/insurances/POL-7/renew');
    expect(await slot()).toEqual({ remote: 'insurance', page: 'renew', pageProps: { policyId: 'POL-7' } });
  });

  it("should start a route's reads with its parameters as it is navigated to (a page beneath another's as such), not again between the steps of its flow", async () => {
    const started = jest.mocked(startRouteReads);
    started.mockClear();
    forgetStartedReads();
    useAuthStore.setState({ authenticated: true, profileId: 'P-1' });
    const router = renderAt('/insurances/POL-7/renew');
    await screen.findByTestId('slot');
    expect(started.mock.calls).toEqual([
      [
        ['api/en/profiles/{profileId}/policies', 'api/en/policies/{policyId}'],
        'P-1',
        { policyId: 'POL-7' },
        { subPage: true },
      ],
    ]);
    await act(() => router.navigate('/insurances/POL-7/renew?step=acceptance'));
    expect(router.location.search).toBe('?step=acceptance');
    expect(started).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/insurances/POL-8/renew'));
    expect(started).toHaveBeenLastCalledWith(
      expect.anything(),
      'P-1',
      { policyId: 'POL-8' },
      { subPage: true },
    );
    expect(started).toHaveBeenCalledTimes(2);
  });

  it('should guard a sub-route of a page that requires a login', async () => {
    const router = renderAt('/insurances/POL-7/renew');
    await screen.findByTestId('slot');
    expect(router.location.pathname).toBe('/login');
  });

  it('should say that a docs/requirements.md §2 page no remote declares is not available, not redirect', async () => {
    const router = renderAt('/request');
    expect(await screen.findByText('not available notice')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/request');
  });

  it('should say that a navigation page no remote declares is not available', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/profile');
    expect(await screen.findByText('not available notice')).toBeInTheDocument();
  });

  it('should offer a retry instead when a remote could not be reached', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/invoices', { ...TABLES, billing: { state: 'failed' } });
    expect(await screen.findByText('retry notice')).toBeInTheDocument();
  });

  const HELLO = loaded('hello', [
    published({ name: 'hello', path: '/hello', page: 'welcome' }),
    published({ name: 'hello-login', path: '/login', page: 'takeover' }),
  ]);

  it('should render the page of a remote added to the portal', async () => {
    renderAt('/hello', { ...TABLES, hello: HELLO });
    expect(await slot()).toEqual({ remote: 'hello', page: 'welcome', pageProps: {} });
  });

  it('should leave a path that the portal’s own remotes declare to them, whatever an added one declares', async () => {
    renderAt('/login', { hello: HELLO, ...TABLES });
    expect(await slot()).toEqual({ remote: 'account', page: 'login', pageProps: {} });
  });

  it('should say not available for the pages of a remote that is not deployed', async () => {
    renderAt('/login', { ...TABLES, account: { state: 'absent' } });
    expect(await screen.findByText('not available notice')).toBeInTheDocument();
  });

  it('should render other content pages in the host with their page id', async () => {
    renderAt('/privacy');
    expect(await screen.findByText('content page g-priv')).toBeInTheDocument();
  });

  it('should send a visitor from a page that requires a login to the login page', async () => {
    const router = renderAt('/insurances');
    expect(await slot()).toEqual({ remote: 'account', page: 'login', pageProps: {} });
    expect(router.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.location.search).get('redirect')).toBe('/insurances');
  });

  it('should guard every content page that requires a login, host pages too', async () => {
    const router = renderAt('/secret');
    await screen.findByTestId('slot');
    expect(router.location.pathname).toBe('/login');
  });

  it('should show a guarded page to a logged-in student', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/secret');
    expect(await screen.findByText('content page g-sec')).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/', '/service-contact/faq/a/b/c'])(
    'should redirect %s to /home',
    async (url) => {
      const router = renderAt(url);
      expect(await screen.findByText('home page g-home')).toBeInTheDocument();
      expect(router.location.pathname).toBe('/home');
    },
  );

  describe('without any page tree (the content system down, none kept)', () => {
    const renderWithoutTree = (url: string) =>
      renderRoutes(buildAppRoutes([FALLBACK_HOME_ROUTE], TABLES, OPTIONS), url);

    it.each([
      ['/insurances', { remote: 'insurance', page: 'insurances', pageProps: {} }],
      ['/invoices', { remote: 'billing', page: 'invoices', pageProps: {} }],
      ['/insurances/p-1/renew', { remote: 'insurance', page: 'renew', pageProps: { policyId: 'p-1' } }],
    ])('should open %s at its usual path for a logged-in student', async (url, expected) => {
      useAuthStore.setState({ authenticated: true });
      const router = renderWithoutTree(url);
      expect(await slot()).toEqual(expected);
      expect(router.location.pathname).toBe(url);
    });

    it('should still send a visitor to the login page', async () => {
      const router = renderWithoutTree('/insurances');
      expect(await slot()).toEqual({ remote: 'account', page: 'login', pageProps: {} });
      expect(router.location.pathname).toBe('/login');
    });

    it('should still send an unknown path to /home', async () => {
      const router = renderWithoutTree('/privacy');
      await screen.findByText(/home page/);
      expect(router.location.pathname).toBe('/home');
    });
  });

  it('should not open a content page the tree does not have, when there is a tree', async () => {
    useAuthStore.setState({ authenticated: true });
    const withoutInvoices = CONTENT.filter((route) => route.path !== '/invoices');
    const router = renderRoutes(buildAppRoutes(withoutInvoices, TABLES, OPTIONS), '/invoices');
    await screen.findByText(/home page/);
    expect(router.location.pathname).toBe('/home');
  });

  it('should carry the route meta in each handle', () => {
    const handles = new Map(
      childRoutes()
        .filter((route) => route.path)
        .map((route) => [route.path, route.handle as RouteHandle]),
    );
    expect(handles.get('/insurances')).toMatchObject({
      name: 'insurances',
      requiresAuth: true,
      pageId: 'g-ins',
      pageTitle: 'My Insurance',
      contentPath: '/insurances',
      subPages: ['renew'],
    });
    expect(handles.get('/service-contact/faq')).toMatchObject({
      name: 'service-contact/faq',
      requiresAuth: false,
      pageId: 'g-faq',
      pageTitle: 'FAQ',
      contentPath: '/service-contact/faq',
    });
    expect(handles.get('/login')).toMatchObject({
      name: 'login',
      requiresAuth: false,
      title: { 'en-GB': 'login title', nl: 'login titel' },
    });
    // A docs/requirements.md §2 page that is not available keeps its route name for the tag manager.
    expect(handles.get('/request')).toMatchObject({ name: 'request', requiresAuth: false });
    expect(handles.get('/demo-pages/test')).toMatchObject({ hideHeader: true, requiresAuth: false });
    // A fixed route is not registered a second time from the content tree.
    expect(childRoutes().filter((route) => route.path === '/service-contact/faq')).toHaveLength(1);
  });
});
