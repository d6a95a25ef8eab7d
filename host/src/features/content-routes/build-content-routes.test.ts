import type { ContentPage } from '@portal/shared/content';
import { buildContentRoutes, FALLBACK_HOME_ROUTE, slugifyPath } from './build-content-routes';

const APP_ROOT = '/sitecore/content/expat-portal/home';
const TEST_ROOT = '/sitecore/content/expat-portal-test/home';

const page = (root: string, rest: string, extra: Partial<ContentPage> = {}): ContentPage => ({
  id: `id${rest.replace(/\W/g, '-')}`,
  name: rest.split('/').pop() ?? '',
  path: `${root}${rest}`,
  pageTitle: `Title ${rest}`,
  pageDescription: '',
  requiresAuth: false,
  ...extra,
});

describe('slugifyPath', () => {
  it('should hyphenate and lower-case each segment and keep the slashes', () => {
    expect(slugifyPath('/Service Contact/FAQ & Tips')).toBe('/service-contact/faq-tips');
    expect(slugifyPath('/privacy/')).toBe('/privacy');
    expect(slugifyPath('/Zorg  Verzekering/Één')).toBe('/zorg-verzekering/een');
  });
});

describe('buildContentRoutes', () => {
  it('should remove the app root prefix and carry the meta of each page', () => {
    const tree = [
      page(APP_ROOT, '/home'),
      page(APP_ROOT, '/insurances', { requiresAuth: true, id: 'policy-guid' }),
      page(APP_ROOT, '/service-contact', { pages: [page(APP_ROOT, '/service-contact/faq')] }),
    ];
    expect(buildContentRoutes(tree, APP_ROOT)).toEqual([
      { path: '/home', name: 'home', requiresAuth: false, pageId: 'id-home', pageTitle: 'Title /home' },
      {
        path: '/insurances',
        name: 'insurances',
        requiresAuth: true,
        pageId: 'policy-guid',
        pageTitle: 'Title /insurances',
      },
      {
        path: '/service-contact',
        name: 'service-contact',
        requiresAuth: false,
        pageId: 'id-service-contact',
        pageTitle: 'Title /service-contact',
      },
      {
        path: '/service-contact/faq',
        name: 'service-contact/faq',
        requiresAuth: false,
        pageId: 'id-service-contact-faq',
        pageTitle: 'Title /service-contact/faq',
      },
    ]);
  });

  it('should remove the test app root prefix too', () => {
    const routes = buildContentRoutes(
      [page(TEST_ROOT, '/home'), page(TEST_ROOT, '/Privacy Statement')],
      TEST_ROOT,
    );
    expect(routes.map((route) => route.path)).toEqual(['/home', '/privacy-statement']);
    expect(routes.map((route) => route.name)).toEqual(['home', 'privacy-statement']);
  });

  it('should stop at 4 levels', () => {
    const level5 = page(APP_ROOT, '/a/b/c/d/e');
    const level4 = page(APP_ROOT, '/a/b/c/d', { pages: [level5] });
    const level3 = page(APP_ROOT, '/a/b/c', { pages: [level4] });
    const level2 = page(APP_ROOT, '/a/b', { pages: [level3] });
    const tree = [page(APP_ROOT, '/home'), page(APP_ROOT, '/a', { pages: [level2] })];
    expect(buildContentRoutes(tree, APP_ROOT).map((route) => route.path)).toEqual([
      '/home',
      '/a',
      '/a/b',
      '/a/b/c',
      '/a/b/c/d',
    ]);
  });

  it('should skip pages outside the root and add the home route when the tree has none', () => {
    const routes = buildContentRoutes(
      [page('/sitecore/content/other', '/x'), page(APP_ROOT, '/privacy')],
      APP_ROOT,
    );
    expect(routes).toEqual([
      {
        path: '/privacy',
        name: 'privacy',
        requiresAuth: false,
        pageId: 'id-privacy',
        pageTitle: 'Title /privacy',
      },
      FALLBACK_HOME_ROUTE,
    ]);
  });

  it('should not treat a sibling root with the same prefix as inside the root', () => {
    expect(buildContentRoutes([page(`${APP_ROOT}-old`, '/privacy')], APP_ROOT)).toEqual([
      FALLBACK_HOME_ROUTE,
    ]);
  });
});
