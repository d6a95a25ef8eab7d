import { KEEP_OFFLINE_MESSAGE, readKeepOfflineRequest, remotePageUrls, strategyFor } from './routing-rules';

const HOST = 'http://localhost:8080';
const SERVICE = 'http://localhost:8084';
const origins = { host: HOST, remotes: ['http://localhost:8081', SERVICE] };
const get = (url: string, mode = 'cors') => strategyFor({ url, method: 'GET', mode }, origins);

describe('strategyFor', () => {
  it('should ask the network first for pages, keeping the last copy for use offline', () => {
    expect(get(`${HOST}/en/service-contact/emergency`, 'navigate')).toBe('page');
    expect(get(`${HOST}/en/`, 'navigate')).toBe('page');
  });

  it.each([
    `${HOST}/api/en/profiles/P-1001/policies`,
    `${HOST}/api/checksession`,
    `${HOST}/api/logout`,
    `${HOST}/pacos?postcode=1012AB`,
    `${HOST}/sitecore/api/graph/edge`,
    `${HOST}/sitecore/api/graph/edge?sc_apikey=x`,
  ])('should never keep an API response: %s', (url) => {
    expect(get(url)).toBe('network-only');
    expect(get(url, 'navigate')).toBe('network-only');
  });

  it.each([
    '/en/activate/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG/new.student%40example.com',
    '/en/setpassword/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG/anna%40example.com',
    '/en/confirm-email/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG/anna.new%40example.com',
    '/en/verify/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
    '/en/Activate/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG/x%40example.com?utm=1',
  ])('should never keep a page whose URL carries a mailed token: %s', (path) => {
    expect(get(`${HOST}${path}`, 'navigate')).toBe('network-only');
    expect(get(`${HOST}${path}`)).toBe('network-only');
    expect(
      readKeepOfflineRequest({ type: KEEP_OFFLINE_MESSAGE, page: `${HOST}${path}`, urls: [] }, HOST),
    ).toBeUndefined();
  });

  it('should still keep the pages around the token pages', () => {
    expect(get(`${HOST}/en/verify`, 'navigate')).toBe('page');
    expect(get(`${HOST}/en/login`, 'navigate')).toBe('page');
  });

  it('should never keep anything but a GET', () => {
    expect(
      strategyFor({ url: `${HOST}/en/assets/main.0123abcd.js`, method: 'POST', mode: 'cors' }, origins),
    ).toBe('network-only');
  });

  it('should take hashed assets of the host and the remotes from the cache first', () => {
    expect(get(`${HOST}/en/assets/main.0123abcd.js`)).toBe('cache-first');
    expect(get(`${HOST}/en/assets/host.89abcdef.css`)).toBe('cache-first');
    expect(get(`${SERVICE}/assets/page-emergency.c7c2a887.js`, 'no-cors')).toBe('cache-first');
  });

  it('should ask the network first for whatever says which build to load, so no remote is pinned', () => {
    expect(get(`${HOST}/en/remotes.json`)).toBe('network-first');
    expect(get(`${HOST}/en/startup-assets.json`)).toBe('network-first');
    expect(get(`${HOST}/en/manifest.webmanifest`)).toBe('network-first');
    expect(get(`${HOST}/en/icons/icon-192.png`)).toBe('network-first');
    expect(get(`${SERVICE}/mf-manifest.json`)).toBe('network-first');
    expect(get(`${SERVICE}/remoteEntry.js`, 'no-cors')).toBe('network-first');
    expect(get(`${SERVICE}/routes.json`)).toBe('network-first');
    expect(get(`${SERVICE}/page-assets.json`)).toBe('network-first');
  });

  it('should leave alone other origins, the worker itself and files outside /en/', () => {
    expect(get('https://www.googletagmanager.com/gtm.js?id=GTM-X')).toBe('network-only');
    expect(get('http://evil.example/assets/main.0123abcd.js')).toBe('network-only');
    expect(get('http://evil.example/mf-manifest.json')).toBe('network-only');
    expect(get(`${HOST}/en/sw.js`)).toBe('network-only');
    expect(get(`${HOST}/healthz`)).toBe('network-only');
    expect(get(`${HOST}/en/assets/main.js`)).toBe('network-only');
    expect(get(`${SERVICE}/assets/main.js.map`)).toBe('network-only');
    expect(get('not a url')).toBe('network-only');
  });
});

const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
  exposes: [
    {
      path: './pages',
      assets: {
        js: {
          sync: ['assets/__federation_expose_pages.aa46a6fa.js'],
          async: ['assets/page-faq.6a9a0067.js', 'assets/page-emergency.c7c2a887.js'],
        },
        css: { sync: [], async: ['assets/page-emergency.d24adad1.css'] },
      },
    },
  ],
};
const PAGE_ASSETS = {
  'page-emergency': {
    js: ['assets/page-emergency.c7c2a887.js'],
    css: ['assets/page-emergency.d24adad1.css'],
  },
};

describe('remotePageUrls', () => {
  const manifestUrl = `${SERVICE}/mf-manifest.json`;

  it("should list the remote's entry, ./pages and the page's own chunks, from what its build publishes", () => {
    expect(
      remotePageUrls({
        manifestUrl,
        manifest: MANIFEST,
        pageAssets: PAGE_ASSETS,
        pageChunk: 'page-emergency',
      }),
    ).toEqual([
      `${SERVICE}/remoteEntry.js`,
      `${SERVICE}/assets/__federation_expose_pages.aa46a6fa.js`,
      `${SERVICE}/assets/page-emergency.c7c2a887.js`,
      `${SERVICE}/assets/page-emergency.d24adad1.css`,
    ]);
  });

  it('should take every chunk of ./pages when the page is not listed', () => {
    expect(
      remotePageUrls({ manifestUrl, manifest: MANIFEST, pageAssets: undefined, pageChunk: 'page-emergency' }),
    ).toContain(`${SERVICE}/assets/page-faq.6a9a0067.js`);
  });

  it('should leave out files on other origins and read a broken manifest as nothing', () => {
    const manifest = {
      ...MANIFEST,
      exposes: [{ path: './pages', assets: { js: { sync: ['http://evil.example/x.0123abcd.js', 7] } } }],
    };
    expect(remotePageUrls({ manifestUrl, manifest, pageAssets: {} })).toEqual([`${SERVICE}/remoteEntry.js`]);
    expect(remotePageUrls({ manifestUrl, manifest: 'nothing', pageAssets: {} })).toEqual([]);
  });
});

describe('readKeepOfflineRequest', () => {
  it('should read a page of the portal, without its query', () => {
    const message = {
      type: KEEP_OFFLINE_MESSAGE,
      page: `${HOST}/en/service-contact/emergency?utm=x#top`,
      remote: 'service',
      pageChunk: 'page-emergency',
      urls: [`${SERVICE}/assets/page-emergency.c7c2a887.js`, 3],
    };
    expect(readKeepOfflineRequest(message, HOST)).toEqual({
      page: `${HOST}/en/service-contact/emergency`,
      remote: 'service',
      pageChunk: 'page-emergency',
      urls: [`${SERVICE}/assets/page-emergency.c7c2a887.js`],
    });
  });

  it.each([
    ['another message', { type: 'other', page: `${HOST}/en/` }],
    ['a page on another origin', { type: KEEP_OFFLINE_MESSAGE, page: 'http://evil.example/en/' }],
    ['a page outside /en/', { type: KEEP_OFFLINE_MESSAGE, page: `${HOST}/api/logout` }],
    ['no page', { type: KEEP_OFFLINE_MESSAGE }],
    ['nothing', null],
  ])('should ignore %s', (_name, message) => {
    expect(readKeepOfflineRequest(message, HOST)).toBeUndefined();
  });

  it('should drop names that are not plain names', () => {
    const message = {
      type: KEEP_OFFLINE_MESSAGE,
      page: `${HOST}/en/`,
      remote: '../x',
      pageChunk: 'a b',
      urls: 'x',
    };
    expect(readKeepOfflineRequest(message, HOST)).toEqual({ page: `${HOST}/en/`, urls: [] });
  });
});
