/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { matchesPattern } from '@portal/shared/route-table';
import { FRAME_ITEM_LIMIT } from '@portal/server';
import { readHostConfig } from './config';
import { createHostServer } from './host-server';
import { createPageTreeCache, pageTreeFile } from './page-tree-cache';
import { findRemote, readRouteTable } from './start-data';
import { MANIFEST, PAGE_ASSETS, SHELL } from './test-fixtures';

const ACCOUNT_ROUTES = {
  version: 1,
  namespace: 'account',
  routes: [
    {
      name: 'login',
      path: '/login',
      titleKey: 'routes.login',
      requiresAuth: false,
      page: 'login',
      title: { 'en-GB': 'Log in' },
    },
  ],
};
const INSURANCE_ROUTES = {
  version: 1,
  namespace: 'insurance',
  routes: [
    {
      name: 'insurances',
      contentPage: 'insurances',
      titleKey: 'routes.insurances',
      requiresAuth: true,
      page: 'insurances',
      preloadApi: ['api/en/profiles/{profileId}/policies'],
      title: { 'en-GB': 'My Insurance' },
      children: [
        {
          name: 'insurances/renew',
          path: ':policyId/renew',
          titleKey: 't',
          requiresAuth: true,
          page: 'renew',
          title: {},
        },
        {
          name: 'insurances/terminate',
          path: ':policyId/terminate',
          titleKey: 't',
          requiresAuth: true,
          page: 'terminate',
          preloadApi: ['api/en/profiles/{profileId}/policies', 'api/en/policies/{policyId}'],
          title: {},
        },
      ],
    },
  ],
};
const PAGES = [
  {
    id: 'g-1',
    name: 'Privacy',
    path: '/sitecore/content/expat-portal/home/Privacy',
    pageTitle: '</script><b>x',
    pageDescription: '',
    requiresAuth: false,
  },
];

/** The host of the tests: two remotes (account, insurance) and the content endpoint. */
const FRAME_SECRET = 'the-frame-secret-of-these-tests-0123';
const testConfig = (distDir: string, cacheDir = 'off', env: NodeJS.ProcessEnv = {}) =>
  readHostConfig({
    FRAME_SECRET,
    ...env,
    HOST_DIST_DIR: distDir,
    HOST_CACHE_DIR: cacheDir,
    CONTENT_ORIGIN: 'http://content.test',
    CONTENT_API_KEY: 'k',
    API_ORIGIN: 'http://api.test',
    REMOTE_ACCOUNT_URL: 'http://account.test/mf-manifest.json',
    REMOTE_INSURANCE_URL: 'http://insurance.test/mf-manifest.json',
    REMOTE_BILLING_URL: 'off',
    REMOTE_SERVICE_URL: 'off',
  });

/** The network of the test: the two remotes and the content endpoint, or nothing at all. */
function fakeFetch(up: boolean, answers: Record<string, unknown> = {}): typeof fetch {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    if (!up) throw new TypeError('fetch failed');
    const url = String(input);
    const answer = Object.entries(answers).find(([start]) => url.startsWith(start));
    if (answer) return json(answer[1]);
    if (url === 'http://account.test/routes.json') return json(ACCOUNT_ROUTES);
    if (url === 'http://insurance.test/routes.json') return json(INSURANCE_ROUTES);
    if (url === 'http://account.test/mf-manifest.json') return json(MANIFEST);
    if (url === 'http://account.test/page-assets.json') return json(PAGE_ASSETS);
    if (url.startsWith('http://content.test/sitecore/api/graph/edge?sc_apikey=k'))
      return json({ data: { item: { pages: PAGES } } });
    // Whose session: the api knows one cookie.
    if (url === 'http://api.test/api/checksession') {
      const cookie = new Headers(init?.headers).get('cookie') ?? '';
      return cookie.includes('PORTAL_SESSION=anna')
        ? json({ profileId: 'P-1001', firstName: 'Anna' })
        : new Response('{"code":"UNAUTHORIZED"}', { status: 401 });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
}

describe('the start data of a page', () => {
  let distDir: string;

  beforeAll(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-start-'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>portal</title><script defer src=/en/assets/main.1a2b3c4d.js></script>' +
        '<link href=/en/assets/main.5e6f7a8b.css rel=stylesheet></head><body></body></html>',
    );
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  const server = (up: boolean) => createHostServer(testConfig(distDir), false, fakeFetch(up));

  const startData = (html: string) => {
    const match = /<script type="application\/json" id="portal-start">(.*?)<\/script>/s.exec(html);
    return match?.[1] ? JSON.parse(match[1]) : undefined;
  };

  it("should have a student's browser fetch the session check and the page's data with the page", async () => {
    const app = await server(true);
    const res = await app.inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect(res.headers.link).toBe(
      '</api/checksession>; rel=preload; as=fetch; crossorigin=anonymous, </api/en/profiles/P-1001/policies>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // In the header only: the page itself is the same for every student.
    expect(res.body).not.toContain('P-1001');
    const other = await app.inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=zz' } });
    expect(other.body).toBe(res.body);
    await app.close();
  });

  it("should fill a sub-route's reads with its parameters, and read none ahead for a value that is not a plain id", async () => {
    const app = await server(true);
    const page = (policyId: string) =>
      app.inject({ url: `/en/insurances/${policyId}/terminate`, headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect((await page('P-9')).headers.link).toBe(
      '</api/checksession>; rel=preload; as=fetch; crossorigin=anonymous, </api/en/profiles/P-1001/policies>; rel=preload; as=fetch; crossorigin=anonymous, </api/en/policies/P-9>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    for (const hostile of ['..', '..%2F..%2Fchecksession', '%252F', 'a%0Ab', 'a%20b', '%7BprofileId%7D']) {
      const { headers } = await page(hostile);
      expect(headers.link).toContain('</api/checksession>; rel=preload');
      expect(headers.link).not.toContain('/api/en/policies/');
    }
    await app.close();
  });

  it('should preload only the session check when the api does not know the session, and nothing for a visitor', async () => {
    const app = await server(true);
    const unknown = await app.inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=zz' } });
    expect(unknown.headers.link).toContain('</api/checksession>; rel=preload');
    expect(unknown.headers.link).not.toContain('/policies');
    // A page whose route names no data: the session check only, without asking the api.
    const login = await app.inject({ url: '/en/login', headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect(login.headers.link).toContain('</api/checksession>; rel=preload');
    expect(login.headers.link).not.toContain('/profiles/');
    const visitor = await app.inject({ url: '/en/insurances' });
    expect(visitor.headers.link ?? '').not.toContain('/api/');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    await app.close();
  });

  it('should put the runtime config, the route tables and the page tree in the page', async () => {
    const app = await server(true);
    const res = await app.inject({ url: '/en/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const data = startData(res.body);
    expect(data.runtime.remotes).toEqual({
      account: 'http://account.test/mf-manifest.json',
      insurance: 'http://insurance.test/mf-manifest.json',
    });
    expect(data.routeTables).toEqual({ account: ACCOUNT_ROUTES, insurance: INSURANCE_ROUTES });
    expect(data.pageTree).toEqual({ root: '/sitecore/content/expat-portal/home', lang: 'en', pages: PAGES });
    await app.close();
  });

  it('should never let content close the data block', async () => {
    const app = await server(true);
    const res = await app.inject({ url: '/en/login' });
    expect(res.body).not.toContain('</script><b>');
    expect(startData(res.body).pageTree.pages[0].pageTitle).toBe('</script><b>x');
    await app.close();
  });

  it("should preload the manifest, the entry and the pages' scripts of the remote that serves the URL", async () => {
    const app = await server(true);
    const res = await app.inject({ url: '/en/login' });
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" href="http://account.test/mf-manifest.json" crossorigin="anonymous" />',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="http://account.test/remoteEntry.js" />',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="http://account.test/assets/pages.1234abcd.js" />',
    );
    // The head names them; a header that repeated them would cost every page its bytes again.
    expect(res.headers.link).toBeUndefined();
    await app.close();
  });

  it("should preload the page's own chunk, its scripts and its styles, from the remote's page-assets.json", async () => {
    const app = await server(true);
    const res = await app.inject({ url: '/en/login' });
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="http://account.test/assets/page-login.bbbb2222.js" />',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="http://account.test/assets/454.aaaa1111.js" />',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="style" href="http://account.test/assets/page-login.cccc3333.css" />',
    );
    expect(res.headers.link).toBeUndefined();
    expect(res.body).not.toContain('page-reset-password');
    await app.close();
  });

  it("should preload the content client's scripts with a remote's page whose code consumes it, and with none other", async () => {
    fs.writeFileSync(
      path.join(distDir, 'content-assets.json'),
      JSON.stringify({
        js: ['assets/shared-content.1234abcd.js'],
        css: [],
        shared: ['@portal/shared/content'],
      }),
    );
    try {
      const assets = {
        ...PAGE_ASSETS,
        'page-reset-password': {
          js: ['assets/page-reset-password.dddd4444.js'],
          shared: ['@portal/shared/content'],
        },
      };
      const app = await createHostServer(
        testConfig(distDir),
        false,
        fakeFetch(true, {
          'http://account.test/page-assets.json': assets,
          'http://account.test/routes.json': {
            ...ACCOUNT_ROUTES,
            routes: [
              ...ACCOUNT_ROUTES.routes,
              {
                name: 'reset',
                path: '/resetpassword',
                titleKey: 't',
                requiresAuth: false,
                page: 'resetPassword',
                title: {},
              },
            ],
          },
        }),
      );
      const contentPreload =
        '<link rel="preload" as="script" href="/en/assets/shared-content.1234abcd.js" fetchpriority="low" />';
      expect((await app.inject({ url: '/en/resetpassword' })).body).toContain(contentPreload);
      expect((await app.inject({ url: '/en/login' })).body).not.toContain(contentPreload);
      await app.close();
    } finally {
      fs.rmSync(path.join(distDir, 'content-assets.json'));
    }
  });

  it('should preload the login page for a guarded page when the visitor has no session', async () => {
    const app = await server(true);
    const anonymous = await app.inject({ url: '/en/insurances/P-1/renew' });
    expect(anonymous.body).toContain('href="http://account.test/mf-manifest.json"');
    expect(startData(anonymous.body).page).toEqual({ remote: 'account', page: 'login' });
    const student = await app.inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=abc' } });
    expect(student.body).toContain('href="http://insurance.test/mf-manifest.json"');
    expect(startData(student.body).page).toEqual({ remote: 'insurance', page: 'insurances' });
    expect(startData((await app.inject({ url: '/en/privacy' })).body).page).toBeUndefined();
    await app.close();
  });

  it('should tell the page whether the request carried a session cookie', async () => {
    const app = await server(true);
    const visitor = await app.inject({ url: '/en/faq', headers: { cookie: 'XSRF-TOKEN=x' } });
    expect(startData(visitor.body).session).toBe(false);
    const student = await app.inject({
      url: '/en/faq',
      headers: { cookie: 'XSRF-TOKEN=x; PORTAL_SESSION=abc' },
    });
    expect(startData(student.body).session).toBe(true);
    await app.close();
  });

  /**
   * GET /en/login from a listening server with `accept`, as a browser does, keeping every 1xx answer
   * (its status and Link header) that comes before the page.
   */
  async function informationalAnswers(accept: string) {
    const app = await server(true);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const informational: Array<{ status: number; link: string }> = [];
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.get({ port, host: '127.0.0.1', path: '/en/login', headers: { accept } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      request.on('information', (info) =>
        informational.push({ status: info.statusCode, link: String(info.headers.link) }),
      );
      request.on('error', reject);
    });
    await app.close();
    return { status, informational };
  }

  it('should send no 103 Early Hints over HTTP/1.1, where browsers do not act on them', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
      const { status, informational } = await informationalAnswers(accept);
      expect(status).toBe(200);
      expect(informational).toEqual([]);
    }
  });

  it('should send no 103 Early Hints to an HTTP/1.0 client', async () => {
    const app = await server(true);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /en/login HTTP/1.0\r\nHost: localhost\r\nAccept: text/html\r\n\r\n');
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).not.toMatch(/^HTTP\/1\.\d 103/m);
    expect(answer).toMatch(/^HTTP\/1\.\d 200/);
    await app.close();
  });

  it('should leave out what a remote or the content system publishes in another shape, and still send the page', async () => {
    const app = await createHostServer(
      testConfig(distDir),
      false,
      fakeFetch(true, {
        'http://account.test/mf-manifest.json': {
          metaData: { remoteEntry: { name: 7 } },
          exposes: { pages: './pages' },
        },
        'http://account.test/page-assets.json': ['page-login'],
        'http://content.test/sitecore/api/graph/edge': { data: { item: { pages: { home: '/' } } } },
      }),
    );
    const res = await app.inject({ url: '/en/login' });
    expect(res.statusCode).toBe(200);
    // The manifest itself, for the browser to fetch and check; nothing read from the one it did not take.
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" href="http://account.test/mf-manifest.json" crossorigin="anonymous" />',
    );
    expect(res.body).not.toContain('rel="preload" as="script" href="http://account.test/');
    const data = startData(res.body);
    expect(data.pageTree).toBeUndefined();
    expect(data.routeTables.account).toBeDefined();
    await app.close();
  });

  it('should send the page without what it could not read, for the browser to fetch', async () => {
    const app = await server(false);
    const res = await app.inject({ url: '/en/' });
    expect(res.statusCode).toBe(200);
    const data = startData(res.body);
    expect(data.routeTables).toEqual({});
    expect(data.pageTree).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
    await app.close();
  });
});

describe('the page tree kept on disk', () => {
  let distDir: string;
  let cacheDir: string;

  beforeEach(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-start-'));
    cacheDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'host-cache-')), 'nested');
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
  });
  afterEach(() => {
    fs.rmSync(distDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(cacheDir), { recursive: true, force: true });
  });

  const server = (up: boolean) => createHostServer(testConfig(distDir, cacheDir), false, fakeFetch(up));
  const pageTreeOf = async (app: Awaited<ReturnType<typeof server>>) => {
    const res = await app.inject({ url: '/en/privacy' });
    const match = /<script type="application\/json" id="portal-start">(.*?)<\/script>/s.exec(res.body);
    return (match?.[1] ? JSON.parse(match[1]) : undefined)?.pageTree;
  };
  const keptFiles = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

  it('should still know the last page tree after a restart while the content system is down', async () => {
    const before = await server(true);
    expect((await pageTreeOf(before)).pages).toEqual(PAGES);
    await before.close();
    // Written aside and renamed: one file, no leftovers.
    await waitFor(() => keptFiles().some((file) => file.endsWith('.json')));
    expect(keptFiles()).toEqual([expect.stringMatching(/^page-tree-[0-9a-f]+\.json$/)]);

    const after = await server(false);
    expect(await pageTreeOf(after)).toEqual({
      root: '/sitecore/content/expat-portal/home',
      lang: 'en',
      pages: PAGES,
    });
    await after.close();
  });

  it('should have no tree when none was ever had', async () => {
    const app = await server(false);
    expect(await pageTreeOf(app)).toBeUndefined();
    expect(keptFiles()).toEqual([]);
    await app.close();
  });

  it("should not read another content system's tree, a broken file or a file of another shape", async () => {
    const cache = createPageTreeCache(cacheDir);
    const key = {
      contentOrigin: 'http://content.test',
      root: '/sitecore/content/expat-portal/home',
      lang: 'en',
    };
    await cache.write({ ...key, contentOrigin: 'http://other-content.test' }, PAGES);
    expect(await createPageTreeCache(cacheDir).read(key)).toBeUndefined();

    const file = pageTreeFile(cacheDir, key);
    fs.writeFileSync(file, '{"version":1,"pages":[');
    const logged: string[] = [];
    expect(await createPageTreeCache(cacheDir, (message) => logged.push(message)).read(key)).toBeUndefined();
    expect(logged).toEqual([expect.stringContaining('not valid JSON')]);
    fs.writeFileSync(file, JSON.stringify({ version: 2, ...key, pages: PAGES }));
    expect(await createPageTreeCache(cacheDir).read(key)).toBeUndefined();
    fs.writeFileSync(file, JSON.stringify({ version: 1, ...key, pages: 'not a list' }));
    expect(await createPageTreeCache(cacheDir).read(key)).toBeUndefined();

    await cache.write(key, PAGES);
    expect(await createPageTreeCache(cacheDir).read(key)).toEqual(PAGES);
  });

  it('should go on without a kept tree when the folder cannot be written', async () => {
    const blocked = path.join(path.dirname(cacheDir), 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    const logged: string[] = [];
    const cache = createPageTreeCache(path.join(blocked, 'cache'), (message) => logged.push(message));
    const key = { contentOrigin: 'http://content.test', root: '/r', lang: 'en' };
    await expect(cache.write(key, PAGES)).resolves.toBeUndefined();
    expect(await cache.read(key)).toBeUndefined();
    expect(logged).toEqual([expect.stringContaining('cannot be kept')]);
  });

  it('should replace the kept tree when the content system gives another one', async () => {
    const cache = createPageTreeCache(cacheDir);
    const key = { contentOrigin: 'http://content.test', root: '/r', lang: 'en' };
    await cache.write(key, PAGES);
    const next = [{ ...PAGES[0], id: 'g-2' }];
    await cache.write(key, next);
    expect(await createPageTreeCache(cacheDir).read(key)).toEqual(next);
    expect(keptFiles()).toHaveLength(1);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('The condition was not met in time.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('finding the remote of a URL', () => {
  it('should match patterns with parameters and a trailing slash', () => {
    expect(matchesPattern('/activate/:id/:username', '/activate/t/anna%40example.com')).toBe(true);
    expect(matchesPattern('/service-contact/faq/:qaCategoryId/', '/service-contact/faq/travel/')).toBe(true);
    expect(matchesPattern('/login', '/login/extra')).toBe(false);
  });

  it('should find a content page and a sub-route beneath it', () => {
    const tables = { account: ACCOUNT_ROUTES, insurance: INSURANCE_ROUTES };
    expect(findRemote(tables, '/insurances')).toEqual({
      remote: 'insurance',
      requiresAuth: true,
      page: 'insurances',
      name: 'insurances',
      preloadApi: ['api/en/profiles/{profileId}/policies'],
      params: {},
    });
    expect(findRemote(tables, '/insurances/P-9/renew')).toEqual({
      remote: 'insurance',
      requiresAuth: true,
      page: 'renew',
      name: 'insurances/renew',
      params: { policyId: 'P-9' },
    });
    expect(findRemote(tables, '/privacy')).toBeUndefined();
  });

  it('should leave out a route table that the shared reader refuses, naming the remote and the field', () => {
    const broken = { ...INSURANCE_ROUTES, routes: [{ ...INSURANCE_ROUTES.routes[0], requiresAuth: 'yes' }] };
    expect(findRemote({ account: ACCOUNT_ROUTES, insurance: broken }, '/insurances')).toBeUndefined();
    expect(findRemote({ account: ACCOUNT_ROUTES, insurance: broken }, '/login')?.remote).toBe('account');
    expect(String(readRouteTable('insurance', broken))).toContain(
      'routes.json of remote-insurance: routes[0] ("insurances"): "requiresAuth" must be true or false',
    );
  });
});

/** The skeleton of the built page, as html-webpack-plugin's minifier writes it. */
const MINIFIED_ROOT =
  '<body class=loading><div id=root><p class=visually-hidden role=status>Loading…<div class=skeleton aria-hidden=true>' +
  '<div class=skeleton__header></div><div class=skeleton__content><div class="skeleton__line skeleton__line--title">' +
  '</div></div><div class=skeleton__footer></div></div></div><noscript>JavaScript</noscript></body></html>';

const PRERENDERED = {
  login: {
    'en-GB': '<h1>Log in</h1><form method="post"></form>',
    nl: '<h1>Inloggen</h1><form method="post"></form>',
    // What a logged-in student's frame of this public page would be, were it different.
    'en-GB:member': '<h1>Log in</h1><p>You are logged in.</p>',
  },
  insurances: { 'en-GB': '<h1>My Insurance</h1>', nl: '<h1>Mijn verzekering</h1>' },
};

/** A host build with its prerendered shell, in a new temporary folder. */
function builtWithShell(prefix: string): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><html lang=en-GB><head><title>portal</title></head>${MINIFIED_ROOT}`,
  );
  fs.writeFileSync(path.join(distDir, 'prerendered-shell.json'), JSON.stringify(SHELL));
  return distDir;
}

describe("a page's prerendered frame", () => {
  let distDir: string;

  beforeAll(() => {
    distDir = builtWithShell('host-frame-');
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  /**
   * The two remotes, each publishing its prerender.json unless `withFrames` is false; the account
   * remote's login frames are `loginFrames`.
   */
  const server = (withFrames = true, loginFrames: Record<string, string> = PRERENDERED.login) => {
    const network = fakeFetch(true);
    return createHostServer(testConfig(distDir), false, (async (
      input: string | URL | Request,
      init?: RequestInit,
    ) => {
      const url = String(input);
      const json = (body: unknown) => new Response(JSON.stringify(body));
      if (url === 'http://insurance.test/mf-manifest.json') return json(MANIFEST);
      if (withFrames && url === 'http://account.test/prerender.json') return json({ login: loginFrames });
      if (withFrames && url === 'http://insurance.test/prerender.json')
        return json({ insurances: PRERENDERED.insurances });
      return network(input, init);
    }) as typeof fetch);
  };

  const root = (html: string) => /<div id=root>([\s\S]*)<\/div><noscript>/.exec(html)?.[1] ?? '';

  it("should paint the page's frame in its layout where the skeleton was", async () => {
    const app = await server();
    const res = await app.inject({ url: '/en/login' });
    expect(root(res.body)).toBe(
      '<p class=visually-hidden role=status>Loading…<div class="prerendered">' +
        '<div class="app"><header>guest, Log in current</header><main><h1>Log in</h1><form method="post"></form></main></div></div>',
    );
    expect(res.body).not.toContain('skeleton');
    expect(res.body).toContain('<html lang="en-GB">');
    // Its style sheets are there for the first paint, not only preloaded.
    expect(res.body).toContain(
      '<link rel="stylesheet" href="http://account.test/assets/page-login.cccc3333.css" />',
    );
    expect(res.body).not.toContain('as="style"');
    expect(res.headers.vary).toContain('Cookie');
    await app.close();
  });

  it("should paint the frame in the language of the visitor's cookie, for a visitor or a student", async () => {
    const app = await server();
    const dutch = await app.inject({ url: '/en/login', headers: { cookie: 'portal-locale=nl' } });
    expect(root(dutch.body)).toContain('<header>gast, Inloggen huidig</header><main><h1>Inloggen</h1>');
    expect(dutch.body).toContain('<html lang="nl">');
    const student = await app.inject({
      url: '/en/insurances',
      headers: { cookie: 'portal-locale=nl; PORTAL_SESSION=abc' },
    });
    expect(root(student.body)).toContain(
      '<header>lid, Mijn verzekering huidig</header><main><h1>Mijn verzekering</h1>',
    );
    // An unknown language is the default one.
    const other = await app.inject({ url: '/en/login', headers: { cookie: 'portal-locale=xx"><script>' } });
    expect(root(other.body)).toContain('<h1>Log in</h1>');
    expect(other.body).toContain('<html lang="en-GB">');
    await app.close();
  });

  it('should keep the frame of a remote built before frames took input inert as a whole', async () => {
    // Its submit button acts and its form would send a GET: an older remote's build.
    const app = await server(true, { 'en-GB': '<h1>Log in</h1><form><button>Log in</button></form>' });
    const res = await app.inject({ url: '/en/login' });
    expect(root(res.body)).toContain('<div class="prerendered" inert><div class="app">');
    await app.close();
  });

  it("should paint a public page's frame for a student where the build made one, the visitor's otherwise", async () => {
    const app = await server();
    const student = await app.inject({ url: '/en/login', headers: { cookie: 'PORTAL_SESSION=abc' } });
    expect(root(student.body)).toContain('<main><h1>Log in</h1><p>You are logged in.</p></main>');
    const visitor = await app.inject({ url: '/en/login' });
    expect(root(visitor.body)).toContain('<main><h1>Log in</h1><form method="post"></form></main>');
    // No Dutch frame for a student: the visitor's Dutch one.
    const dutch = await app.inject({
      url: '/en/login',
      headers: { cookie: 'portal-locale=nl; PORTAL_SESSION=abc' },
    });
    expect(root(dutch.body)).toContain('<main><h1>Inloggen</h1><form method="post"></form></main>');
    await app.close();
  });

  it('should paint the login frame for a guarded page without a session, in a layout with no entry current', async () => {
    const app = await server();
    const res = await app.inject({ url: '/en/insurances' });
    expect(root(res.body)).toContain('<header>guest</header><main><h1>Log in</h1>');
    await app.close();
  });

  it('should keep the skeleton where there is no frame: a route with parameters, a page of the host, no prerender.json', async () => {
    const app = await server();
    for (const url of ['/en/insurances/P-1/renew', '/en/privacy']) {
      const res = await app.inject({ url, headers: { cookie: 'PORTAL_SESSION=abc' } });
      expect(root(res.body)).toContain('<div class=skeleton aria-hidden=true>');
      expect(res.body).not.toContain('prerendered');
    }
    await app.close();
    const without = await server(false);
    const res = await without.inject({ url: '/en/login' });
    expect(root(res.body)).toContain('<div class=skeleton aria-hidden=true>');
    expect(res.body).toContain('<link rel="preload" as="style"');
    await without.close();
  });
});

describe("a student's own frame", () => {
  let distDir: string;
  const ANNA_POLICIES = [{ policyNumber: 'TR-2026-100101' }];
  let framesAsked = 0;
  let policies: unknown[] = ANNA_POLICIES;

  beforeAll(() => {
    distDir = builtWithShell('host-own-frame-');
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  /** The insurance remote renders frames as `frames` says; the api knows anna's policies. */
  const server = (
    frames: (body: Record<string, unknown>) => Response | Promise<Response>,
    env: NodeJS.ProcessEnv = {},
  ) => {
    const network = fakeFetch(true);
    const asked: Array<Record<string, unknown>> = [];
    const authorizations: Array<string | null> = [];
    framesAsked = 0;
    const app = createHostServer(testConfig(distDir, 'off', env), false, (async (
      input: string | URL | Request,
      init?: RequestInit,
    ) => {
      const url = String(input);
      const json = (body: unknown) => new Response(JSON.stringify(body));
      if (url === 'http://insurance.test/mf-manifest.json') return json(MANIFEST);
      if (url === 'http://insurance.test/prerender.json') return json({ insurances: PRERENDERED.insurances });
      if (url === 'http://api.test/api/en/profiles/P-1001/policies') {
        const cookie = new Headers(init?.headers).get('cookie') ?? '';
        return cookie.includes('PORTAL_SESSION=anna') ? json(policies) : new Response('{}', { status: 401 });
      }
      if (url === 'http://insurance.test/frames' && init?.method !== 'POST') {
        framesAsked += 1;
        return json({ routes: ['insurances'] });
      }
      if (url === 'http://insurance.test/frames' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        asked.push(body);
        authorizations.push(new Headers(init.headers).get('authorization'));
        return frames(body);
      }
      return network(input, init);
    }) as typeof fetch);
    return { app, asked, authorizations };
  };

  const root = (html: string) => /<div id=root>([\s\S]*)<\/div><noscript>/.exec(html)?.[1] ?? '';
  const startData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="portal-start">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
  const ownFrame = (body: Record<string, unknown>) =>
    new Response(
      JSON.stringify({
        html: `<h1>My Insurance</h1><p>${JSON.stringify(body.answers).includes('TR-2026-100101') ? 'TR-2026-100101' : '?'}</p><button type="button" inert="">Show details</button>`,
      }),
    );

  it('should paint her policies in the page, with the answers for the first render, kept by nobody', async () => {
    const { app, asked, authorizations } = await server(ownFrame);
    const res = await (
      await app
    ).inject({
      url: '/en/insurances',
      headers: { cookie: 'PORTAL_SESSION=anna; portal-locale=nl' },
    });
    expect(asked).toEqual([
      {
        route: 'insurances',
        locale: 'nl',
        profileId: 'P-1001',
        answers: { 'api/en/profiles/P-1001/policies': ANNA_POLICIES },
      },
    ]);
    expect(root(res.body)).toContain('<main><h1>My Insurance</h1><p>TR-2026-100101</p>');
    expect(startData(res.body).answers).toEqual({ 'api/en/profiles/P-1001/policies': ANNA_POLICIES });
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The policies came with the page: only the session check is preloaded.
    expect(res.headers.link).toBe('</api/checksession>; rel=preload; as=fetch; crossorigin=anonymous');
    // The remote renders for the host alone: the shared secret goes with the request.
    expect(authorizations).toEqual([`Bearer ${FRAME_SECRET}`]);
    await (await app).close();
  });

  it("should ask for no frame without a frame secret, or for more items than a frame shows, and keep the build's", async () => {
    const off = await server(ownFrame, { FRAME_SECRET: '' });
    const withoutSecret = await (
      await off.app
    ).inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect(root(withoutSecret.body)).toContain('<main><h1>My Insurance</h1></main>');
    expect(off.asked).toEqual([]);
    await (await off.app).close();

    policies = Array.from({ length: FRAME_ITEM_LIMIT + 1 }, (_, index) => ({
      policyNumber: `TR-2026-${100101 + index}`,
    }));
    try {
      const many = await server(ownFrame);
      const tooMany = await (
        await many.app
      ).inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=anna' } });
      expect(root(tooMany.body)).toContain('<main><h1>My Insurance</h1></main>');
      expect(many.asked).toEqual([]);
      await (await many.app).close();
    } finally {
      policies = ANNA_POLICIES;
    }
  });

  it('should refuse to start with a frame secret too short to be one', () => {
    expect(() => testConfig(distDir, 'off', { FRAME_SECRET: 'short' })).toThrow(
      'FRAME_SECRET must be at least 32 characters long',
    );
  });

  it("should keep the build's frame when the remote cannot render hers, or sends a frame whose buttons act", async () => {
    for (const frames of [
      () => new Response('{"code":"BUSY","message":"busy"}', { status: 503 }),
      () => new Response(JSON.stringify({ html: '<button>Renew</button>' })),
      () => new Promise<Response>(() => undefined),
    ]) {
      const { app } = await server(frames);
      const res = await (
        await app
      ).inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=anna' } });
      expect(root(res.body)).toContain('<main><h1>My Insurance</h1></main>');
      expect(res.body).not.toContain('TR-2026-100101');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.link).toContain('</api/en/profiles/P-1001/policies>; rel=preload');
      await (await app).close();
    }
  });

  it('should ask for no frame for a session the api does not know, nor for a page without first reads', async () => {
    const { app, asked } = await server(ownFrame);
    const unknown = await (
      await app
    ).inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=zz' } });
    expect(root(unknown.body)).toContain('<main><h1>My Insurance</h1></main>');
    await (await app).inject({ url: '/en/login', headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect(asked).toEqual([]);
    await (await app).close();
  });

  it('should ask a remote once which routes it renders, not on every page', async () => {
    const { app, asked } = await server(ownFrame);
    for (let visit = 0; visit < 3; visit += 1)
      await (await app).inject({ url: '/en/insurances', headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect(asked).toHaveLength(3);
    expect(framesAsked).toBe(1);
    await (await app).close();
  });
});

describe("a content page's frame", () => {
  let distDir: string;
  const QUERY = 'query answers($lang: String!) {\n  answers(language: $lang) {\n    id\n  }\n}';
  const CONTENT = { answers: [{ id: 'where', question: 'Where am I covered?' }] };
  const FAQ_ROUTES = {
    ...ACCOUNT_ROUTES,
    routes: [
      ...ACCOUNT_ROUTES.routes,
      { name: 'faq-answer', path: '/faq/:qaId', titleKey: 't', requiresAuth: false, page: 'faq', title: {} },
    ],
  };

  beforeAll(() => {
    distDir = builtWithShell('host-content-frame-');
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  /** The account remote serves the FAQ and renders its frames as `frames` says; the content endpoint as `content`. */
  const server = (
    frames: (body: Record<string, unknown>) => Response | Promise<Response>,
    content: () => Response = () => new Response(JSON.stringify({ data: CONTENT })),
    env: NodeJS.ProcessEnv = {},
  ) => {
    const network = fakeFetch(true, { 'http://account.test/routes.json': FAQ_ROUTES });
    const asked: Array<Record<string, unknown>> = [];
    const queried: Array<{ url: string; body: unknown }> = [];
    const app = createHostServer(testConfig(distDir, 'off', env), false, (async (
      input: string | URL | Request,
      init?: RequestInit,
    ) => {
      const url = String(input);
      const json = (body: unknown) => new Response(JSON.stringify(body));
      if (url === 'http://account.test/prerender.json')
        return json({ 'faq-answer': { 'en-GB': '<h1>FAQ</h1>' } });
      if (url === 'http://account.test/frames' && init?.method !== 'POST')
        return json({ routes: ['faq-answer'], content: { 'faq-answer': { answers: QUERY } } });
      if (url === 'http://account.test/frames' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        asked.push(body);
        return frames(body);
      }
      if (
        url.startsWith('http://content.test/sitecore/api/graph/edge') &&
        String(init?.body).includes('query answers')
      ) {
        queried.push({ url, body: JSON.parse(String(init?.body)) });
        return content();
      }
      return network(input, init);
    }) as typeof fetch);
    return { app, asked, queried };
  };

  const root = (html: string) => /<div id=root>([\s\S]*)<\/div><noscript>/.exec(html)?.[1] ?? '';
  const startData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="portal-start">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
  const withContent = (body: Record<string, unknown>) =>
    new Response(
      JSON.stringify({
        html: `<h1>FAQ</h1><p>${JSON.stringify(body.content).includes('Where am I covered?') ? 'Where am I covered?' : '?'}</p>`,
      }),
    );

  it('should paint the content in the page, with the content for the first render, the same for every visitor', async () => {
    const { app, asked, queried } = await server(withContent);
    const res = await (await app).inject({ url: '/en/faq/where', headers: { cookie: 'portal-locale=nl' } });
    // The content endpoint is asked with the content API key, as the proxy asks it.
    expect(queried).toEqual([
      {
        url: 'http://content.test/sitecore/api/graph/edge?sc_apikey=k',
        body: { query: QUERY, variables: { lang: 'nl' } },
      },
    ]);
    expect(asked).toEqual([
      {
        route: 'faq-answer',
        locale: 'nl',
        member: false,
        pathname: '/faq/where',
        answers: {},
        content: { answers: CONTENT },
      },
    ]);
    expect(root(res.body)).toContain('<main><h1>FAQ</h1><p>Where am I covered?</p></main>');
    expect(startData(res.body).content).toEqual([{ query: QUERY, lang: 'nl', data: CONTENT }]);
    expect(res.headers['cache-control']).not.toContain('private');
    await (await app).close();
  });

  it("should preload the content client's scripts with a page that shows content, and with none other", async () => {
    fs.writeFileSync(
      path.join(distDir, 'content-assets.json'),
      JSON.stringify({
        js: ['assets/480.urql.js', 'assets/580.content.js'],
        css: [],
        shared: ['@portal/shared/content', '@portal/shared/urql'],
      }),
    );
    try {
      const { app } = await server(withContent);
      const preloaded = async (url: string) =>
        [
          ...(await (await app).inject({ url })).body.matchAll(
            /<link rel="preload" as="script" href="([^"]+)"/g,
          ),
        ].map((match) => match[1]);
      // The FAQ names its content queries; a page of the host's own (home) shows content too.
      expect(await preloaded('/en/faq/where')).toEqual(
        expect.arrayContaining(['/en/assets/480.urql.js', '/en/assets/580.content.js']),
      );
      expect(await preloaded('/en/home')).toEqual(
        expect.arrayContaining(['/en/assets/480.urql.js', '/en/assets/580.content.js']),
      );
      // The login page shows none: its start-up carries no urql.
      expect(await preloaded('/en/login')).not.toContain('/en/assets/480.urql.js');
      await (await app).close();
    } finally {
      fs.rmSync(path.join(distDir, 'content-assets.json'));
    }
  });

  it('should ask for the content and the frame once while they are fresh, and render a student’s apart', async () => {
    const { app, asked, queried } = await server(withContent);
    for (let visit = 0; visit < 3; visit += 1) await (await app).inject({ url: '/en/faq/where' });
    await (await app).inject({ url: '/en/faq/where', headers: { cookie: 'PORTAL_SESSION=anna' } });
    expect(queried).toHaveLength(1);
    expect(asked.map((body) => body.member)).toEqual([false, true]);
    await (await app).close();
  });

  it("should keep the build's frame when the content or the frame cannot be had, or without a frame secret", async () => {
    const failing = [
      server(withContent, () => new Response('{"errors":[{"message":"down"}]}')),
      server(withContent, () => new Response('{"data":{},"errors":[{"message":"partly"}]}')),
      server(() => new Response('{"code":"BUSY","message":"busy"}', { status: 503 })),
      server(() => new Response(JSON.stringify({ html: '<button>Ask</button>' }))),
      server(withContent, undefined, { FRAME_SECRET: '' }),
    ];
    for (const { app } of failing) {
      const res = await (await app).inject({ url: '/en/faq/where' });
      expect(root(res.body)).toContain('<main><h1>FAQ</h1></main>');
      expect(startData(res.body).content).toBeUndefined();
      await (await app).close();
    }
    expect((await failing[0]!).asked).toEqual([]);
    expect((await failing[4]!).queried).toEqual([]);
  });
});
