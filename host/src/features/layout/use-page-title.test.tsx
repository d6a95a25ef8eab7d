import { act, render, waitFor } from '@testing-library/react';
import { i18n, initI18n, loadLocale } from '@portal/shared';
import type { RouteHandle } from '../../app/route-handle';
import { registerHostTexts } from '../../i18n';
import { usePageTitle } from './use-page-title';

const ROOT = '/sitecore/content/expat-portal/home';
const TREE = { root: ROOT, lang: 'en' };

const privacy = (pageTitle: string) => ({
  id: 'g-privacy',
  name: 'privacy',
  path: `${ROOT}/privacy`,
  pageTitle,
  pageDescription: '',
  requiresAuth: false,
});

function TitleProbe({ handle }: { handle: RouteHandle }) {
  usePageTitle(handle, TREE);
  return null;
}

describe('usePageTitle', () => {
  beforeAll(async () => {
    initI18n({ lng: 'en-GB' });
    void registerHostTexts();
    // The tests switch with changeLanguage: the Dutch texts must be there already.
    await loadLocale('nl');
  });
  // The content client's requests; none unless a test answers them.
  let fetched: jest.SpyInstance<Promise<Response>, Parameters<typeof fetch>>;
  beforeEach(() => {
    fetched = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-GB'));
    fetched.mockRestore();
  });

  it('should take the content titles of the new language after a switch to NL', async () => {
    fetched.mockImplementation(async (_url, init) => {
      const { variables } = JSON.parse(String(init?.body)) as { variables: { lang: string } };
      const title = variables.lang === 'nl' ? 'Privacyverklaring' : 'Privacy statement';
      return new Response(JSON.stringify({ data: { item: { pages: [privacy(title)] } } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const handle: RouteHandle = {
      name: 'privacy',
      pageTitle: 'Privacy statement',
      contentPath: '/privacy',
      titleKey: 'routes.privacy',
      requiresAuth: false,
    };

    render(<TitleProbe handle={handle} />);
    expect(document.title).toBe('Privacy statement | Student Insurance Portal');
    // The start-up language's titles are in the route: nothing is fetched for them.
    expect(fetched).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('nl'));

    await waitFor(() => expect(document.title).toBe('Privacyverklaring | Studentenverzekering Portaal'));
    const body = JSON.parse(String(fetched.mock.calls[0]?.[1]?.body)) as { variables: unknown };
    expect(body.variables).toEqual({ path: ROOT, lang: 'nl' });

    await act(() => i18n.changeLanguage('en-GB'));
    expect(document.title).toBe('Privacy statement | Student Insurance Portal');
  });

  it('should use the title a remote declares, in the current language, for a route without a content page', async () => {
    render(
      <TitleProbe
        handle={{ name: 'login', title: { 'en-GB': 'Log in', nl: 'Inloggen' }, requiresAuth: false }}
      />,
    );
    expect(document.title).toBe('Log in | Student Insurance Portal');
    await act(() => i18n.changeLanguage('nl'));
    expect(document.title).toBe('Inloggen | Studentenverzekering Portaal');
    expect(fetched).not.toHaveBeenCalled();
  });

  it("should use a host page's title key when there is no other title", () => {
    render(<TitleProbe handle={{ name: 'demo-pages-test', titleKey: 'routes.demo', requiresAuth: false }} />);
    expect(document.title).toBe('Test page | Student Insurance Portal');
  });
});
