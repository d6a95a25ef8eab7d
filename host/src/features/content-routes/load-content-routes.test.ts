import { Client, fetchExchange } from '@portal/shared/urql';
import { PagesQuery } from '@portal/shared/content';
import { FALLBACK_HOME_ROUTE } from './build-content-routes';
import { loadContentRoutes } from './load-content-routes';

const APP_ROOT = '/sitecore/content/expat-portal/home';

function clientAnswering(respond: () => Promise<Response>): { client: Client; fetchMock: jest.Mock } {
  const fetchMock = jest.fn(respond);
  const client = new Client({
    url: 'http://portal.test/graphql',
    exchanges: [fetchExchange],
    fetch: fetchMock,
    preferGetMethod: false,
  });
  return { client, fetchMock };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('loadContentRoutes', () => {
  let log: jest.SpyInstance;
  beforeEach(() => {
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => log.mockRestore());

  it('should ask for the tree of the content root in the content language', async () => {
    const tree = [
      {
        id: 'g1',
        name: 'home',
        path: `${APP_ROOT}/home`,
        pageTitle: 'Home',
        pageDescription: '',
        requiresAuth: false,
      },
    ];
    const { client, fetchMock } = clientAnswering(() => json({ data: { item: { pages: tree } } }));

    const routes = await loadContentRoutes(async () => ({ client, PagesQuery }), APP_ROOT, 'nl');

    expect(routes).toEqual([
      { path: '/home', name: 'home', requiresAuth: false, pageId: 'g1', pageTitle: 'Home' },
    ]);
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.variables).toEqual({ path: APP_ROOT, lang: 'nl' });
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['the endpoint fails', () => json({ message: 'down' }, 503)],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the root does not exist', () => json({ data: { item: null } })],
  ])('should fall back to the home route when %s', async (_case, respond) => {
    const { client } = clientAnswering(respond);

    const routes = await loadContentRoutes(async () => ({ client, PagesQuery }), APP_ROOT, 'en');

    expect(routes).toEqual([FALLBACK_HOME_ROUTE]);
    expect(log).toHaveBeenCalledWith('No additional routes loaded');
  });

  it('should use the tree the host server put in the page, without asking or loading the content client', async () => {
    const loadClient = jest.fn(() => Promise.reject(new Error('The content client was not needed.')));
    const pages = [
      {
        id: 'g2',
        name: 'Privacy',
        path: `${APP_ROOT}/Privacy`,
        pageTitle: 'Privacy',
        pageDescription: '',
        requiresAuth: false,
      },
    ];
    const routes = await loadContentRoutes(loadClient, APP_ROOT, 'en', { root: APP_ROOT, lang: 'en', pages });
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/privacy', '/home']));
    expect(loadClient).not.toHaveBeenCalled();
  });

  it('should fall back to the home route when the content client cannot be loaded', async () => {
    const loadClient = () => Promise.reject(new Error('Loading chunk on-demand-content failed.'));
    const routes = await loadContentRoutes(loadClient, APP_ROOT, 'en');
    expect(routes).toEqual([FALLBACK_HOME_ROUTE]);
  });

  it("should use the host server's tree of another language when the content system cannot give its own", async () => {
    const { client, fetchMock } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const pages = [
      {
        id: 'g3',
        name: 'insurances',
        path: `${APP_ROOT}/insurances`,
        pageTitle: 'My Insurance',
        pageDescription: '',
        requiresAuth: true,
      },
    ];
    const routes = await loadContentRoutes(async () => ({ client, PagesQuery }), APP_ROOT, 'nl', {
      root: APP_ROOT,
      lang: 'en',
      pages,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(routes.map((route) => route.path)).toEqual(['/insurances', '/home']);
    expect(log).not.toHaveBeenCalled();
  });

  it('should ask when the embedded tree is of another language or not a tree', async () => {
    const { client, fetchMock } = clientAnswering(() => json({ data: { item: { pages: [] } } }));
    await loadContentRoutes(async () => ({ client, PagesQuery }), APP_ROOT, 'nl', {
      root: APP_ROOT,
      lang: 'en',
      pages: [],
    });
    await loadContentRoutes(async () => ({ client, PagesQuery }), APP_ROOT, 'en', {
      root: APP_ROOT,
      lang: 'en',
      pages: 'nonsense',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
