import { screen } from '@testing-library/react';
import type { RouteObject } from '@portal/shared/router';
import type * as Router from '@portal/shared/router';
import { useAuthStore } from '@portal/shared';
import type { RemoteSlotProps } from '../features/remotes/remote-slot';
import type { ContentRoute } from '../features/content-routes/build-content-routes';
import { renderRoutes } from '../testing/render-routes';
import { buildAppRoutes } from './routes';
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
jest.mock('../features/pages/content-page', () => ({
  ContentPage: ({ pageId }: { pageId?: string }) => <p>content page {pageId}</p>,
}));
jest.mock('../features/pages/home-page', () => ({
  HomePage: ({ pageId }: { pageId?: string }) => <p>home page {pageId}</p>,
}));

const CONTENT: ContentRoute[] = [
  { path: '/home', name: 'home', requiresAuth: false, pageId: 'g-home', pageTitle: 'Welcome' },
  { path: '/insurances', name: 'insurances', requiresAuth: true, pageId: 'g-ins', pageTitle: 'My Insurance' },
  { path: '/invoices', name: 'invoices', requiresAuth: true, pageId: 'g-inv', pageTitle: 'Invoices' },
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

function renderAt(url: string) {
  return renderRoutes(buildAppRoutes(CONTENT, OPTIONS), url);
}

async function slot(): Promise<Pick<RemoteSlotProps, 'remote' | 'page' | 'pageProps'>> {
  return JSON.parse((await screen.findByTestId('slot')).textContent ?? '{}');
}

function childRoutes(): RouteObject[] {
  return buildAppRoutes(CONTENT, OPTIONS)[0]?.children ?? [];
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
    ['/request', { remote: 'insurance', page: 'request', pageProps: {} }],
  ])('should render %s from its remote with its props', async (url, expected) => {
    renderAt(url);
    expect(await slot()).toEqual(expected);
  });

  it('should map content pages that live in a remote to that remote, with the page id', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/invoices');
    expect(await slot()).toEqual({ remote: 'billing', page: 'invoices', pageProps: { pageId: 'g-inv' } });
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
      titleKey: 'routes.login',
    });
    expect(handles.get('/demo-pages/test')).toMatchObject({ hideHeader: true, requiresAuth: false });
    // A fixed route is not registered a second time from the content tree.
    expect(childRoutes().filter((route) => route.path === '/service-contact/faq')).toHaveLength(1);
  });
});
