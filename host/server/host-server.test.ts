/** @jest-environment node */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { readHostConfig } from './config';
import { retryOnAnotherReplica } from './api-gateway';
import { createHostServer } from './host-server';
import { API_BODY_LIMIT, CLAIM_BODY_LIMIT, bodyLimitFor } from './request-guards';

describe('host server', () => {
  let distDir: string;
  let upstream: FastifyInstance;
  let upstreamOrigin: string;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title>');
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'assets', 'main.1a2b3c4d.js'), 'var main;');
    fs.writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
    fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"portal"}');
    upstream = Fastify();
    upstream.all('/*', async (request, reply) => {
      void reply.header('Set-Cookie', 'UPSTREAM=1; Path=/');
      return { url: request.url, method: request.method, headers: request.headers };
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const address = upstream.server.address();
    upstreamOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await upstream.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const server = (env: NodeJS.ProcessEnv = {}) =>
    createHostServer(
      readHostConfig({
        HOST_DIST_DIR: distDir,
        API_ORIGIN: upstreamOrigin,
        CONTENT_ORIGIN: upstreamOrigin,
        CONTENT_API_KEY: 'test-key',
        HOST_CACHE_DIR: 'off',
        ...env,
      }),
    );

  it('should redirect / to /en/ and answer app routes with index.html', async () => {
    const app = await server();
    const root = await app.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/en/');
    const page = await app.inject({ url: '/en/service-contact/faq' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>portal</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    await app.close();
  });

  it("should answer its own errors with the contract's error body, never Fastify's", async () => {
    const app = await server();
    const contract = { code: expect.any(String), message: expect.any(String) };
    for (const [url, status, code] of [
      ['/api/en/profiles/P-1001%ff', 400, 'BAD_URL'],
      ['/en/%ff', 400, 'BAD_URL'],
      ['/en/assets/main.js.map%00', 404, 'NOT_FOUND'],
      ['/en/assets/main%00.js', 404, 'NOT_FOUND'],
      ['/en/assets/nothing.js', 404, 'NOT_FOUND'],
      ['/nowhere', 404, 'NOT_FOUND'],
    ] as const) {
      const res = await app.inject({ url, headers: { accept: '*/*' } });
      expect([url, res.statusCode, res.json()]).toEqual([url, status, { ...contract, code }]);
      expect(res.json()).toEqual({ code, message: expect.any(String) });
      expect(res.body).not.toContain('FST_');
    }
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/en/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    await app.close();
  });

  it('should redirect /favicon.ico to the SVG icon under /en/', async () => {
    const app = await server();
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/en/favicon.svg');
    await app.close();
  });

  it('should publish the remotes and tag manager id from env in /en/remotes.json', async () => {
    const app = await server({
      REMOTE_BILLING_URL: 'https://billing.example/mf-manifest.json',
      GTM_ID: 'GTM-ABC123',
    });
    const res = await app.inject({ url: '/en/remotes.json' });
    expect(res.json()).toEqual({
      remotes: {
        account: 'http://localhost:8081/mf-manifest.json',
        insurance: 'http://localhost:8082/mf-manifest.json',
        billing: 'https://billing.example/mf-manifest.json',
        service: 'http://localhost:8084/mf-manifest.json',
      },
      gtmId: 'GTM-ABC123',
      contentRoot: '/sitecore/content/expat-portal/home',
    });
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      url: '/en/remotes.json',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('should leave out a remote set to off (not deployed), and move a remote with its port variable', async () => {
    const app = await server({ REMOTE_BILLING_URL: 'off', REMOTE_SERVICE_PORT: '9184' });
    const res = await app.inject({ url: '/en/remotes.json' });
    expect(res.json().remotes).toEqual({
      account: 'http://localhost:8081/mf-manifest.json',
      insurance: 'http://localhost:8082/mf-manifest.json',
      service: 'http://localhost:9184/mf-manifest.json',
    });
    await app.close();
  });

  it('should roll a remote back when HOST_REMOTES_FILE points it at the previous build, with no restart', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'host-remotes-'));
    const file = path.join(folder, 'remotes.json');
    const release = (version: string, origin = 'https://billing.example') =>
      JSON.stringify({ REMOTE_BILLING_URL: `${origin}/${version}/mf-manifest.json` });
    fs.writeFileSync(file, release('0.1.2'));
    const app = await server({
      HOST_REMOTES_FILE: file,
      REMOTE_SERVICE_URL: 'https://service.example/mf-manifest.json',
    });
    const remotes = async () => (await app.inject({ url: '/en/remotes.json' })).json().remotes;
    try {
      expect((await remotes()).billing).toBe('https://billing.example/0.1.2/mf-manifest.json');
      // Left out of the file: the environment's.
      expect((await remotes()).service).toBe('https://service.example/mf-manifest.json');

      fs.writeFileSync(file, release('0.1.1'));
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await remotes()).billing).toBe('https://billing.example/0.1.1/mf-manifest.json');
      const page = await app.inject({ url: '/en/' });
      expect(page.headers['content-security-policy']).toContain('https://billing.example');

      // Moved to another origin: the CSP follows, and a broken file keeps the last good URLs.
      fs.writeFileSync(file, release('0.1.1', 'https://cdn.example'));
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const moved = await app.inject({ url: '/en/' });
      const scriptSrc = String(moved.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toContain('https://cdn.example');
      expect(scriptSrc).not.toContain('https://billing.example');
      fs.writeFileSync(file, '{"REMOTE_BILLING_URL": "ftp://nowhere"}');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await remotes()).billing).toBe('https://cdn.example/0.1.1/mf-manifest.json');
    } finally {
      await app.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('should send a CSP without inline script that allows the remotes and the tag manager', async () => {
    const app = await server({
      GTM_ID: 'GTM-ABC123',
      REMOTE_SERVICE_URL: 'https://service.example/mf-manifest.json',
    });
    const res = await app.inject({ url: '/en/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain('https://service.example');
    expect(scriptSrc).toContain('https://www.googletagmanager.com');
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    // The remotes ship scripts and styles, never images or fonts: those are the host's only.
    const directive = (name: string) => csp.split(';').find((entry) => entry.startsWith(`${name} `));
    expect(directive('style-src')).toContain('https://service.example');
    expect(directive('img-src')).not.toContain('https://service.example');
    expect(directive('font-src')).toBe("font-src 'self'");
    // The service worker and the web app manifest: only the host's own.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await app.close();
  });

  it('should serve the service worker under /en/ (its scope) and the web app manifest, revalidated on each use', async () => {
    const app = await server();
    for (const url of ['/en/sw.js', '/en/manifest.webmanifest']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ url: '/en/manifest.webmanifest' })).headers['content-type']).toMatch(
      /^application\/manifest\+json/,
    );
    await app.close();
  });

  it('should proxy the API, and add the content API key to content requests', async () => {
    const app = await server();
    const api = await app.inject({ url: '/api/policies?x=1' });
    expect(api.json()).toMatchObject({ url: '/api/policies?x=1', method: 'GET' });
    const content = await app.inject({
      method: 'POST',
      url: '/sitecore/api/graph/edge?sc_apikey=forged',
      payload: {},
    });
    expect(content.json()).toMatchObject({
      url: '/sitecore/api/graph/edge?sc_apikey=test-key',
      method: 'POST',
    });
    await app.close();
  });

  it('should answer 502 with the contract body when a backend cannot be reached', async () => {
    const app = await server({ API_ORIGIN: 'http://127.0.0.1:9', CONTENT_ORIGIN: 'http://127.0.0.1:9' });
    for (const url of ['/api/en/countries', '/pacos?pc=1012AB&nr=5']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'BACKEND_UNAVAILABLE', message: expect.any(String) });
    }
    await app.close();
  });

  it('should balance between api replicas and send a read to another one when one is down', async () => {
    const second = Fastify();
    let secondHits = 0;
    second.all('/*', async (request) => {
      secondHits += 1;
      return { url: request.url, replica: 'second' };
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    const secondOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const app = await server({ API_ORIGIN: `${upstreamOrigin}, ${secondOrigin}` });
    const before = secondHits;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ url: '/api/en/countries' }).then((r) => r.statusCode)),
    );
    expect(answers).toEqual(Array(20).fill(200));
    expect(secondHits - before).toBeGreaterThan(0);
    expect(secondHits - before).toBeLessThan(20);
    await app.close();

    // One replica down: every GET still gets its answer, from the other one.
    await second.close();
    const degraded = await server({ API_ORIGIN: `${secondOrigin},${upstreamOrigin}` });
    for (let index = 0; index < 10; index += 1) {
      const response = await degraded.inject({ url: '/api/en/countries' });
      expect(response.statusCode).toBe(200);
      expect(response.json().url).toBe('/api/en/countries');
    }
    await degraded.close();
  });

  it('should send no write to a replica that has just left, and answer the one it has in flight', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ready: Record<string, boolean> = { leaving: true, staying: false };
    let readyChecks = 0;
    const started = await Promise.all(
      ['leaving', 'staying'].map(async (name) => {
        const replica = Fastify();
        replica.get('/readyz', async (_request, reply) => {
          readyChecks += 1;
          return reply.code(ready[name] ? 200 : 503).send({});
        });
        replica.post('/api/*', async () => {
          if (name === 'leaving') await gate;
          return { replica: name };
        });
        await replica.listen({ port: 0, host: '127.0.0.1' });
        const address = replica.server.address();
        return {
          replica,
          origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        };
      }),
    );
    // Three rounds of /readyz: one that started after the change has been applied.
    const settled = async () => {
      const from = readyChecks;
      while (readyChecks < from + 6) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const app = await server({
      API_ORIGIN: started.map(({ origin }) => origin).join(','),
      API_REFRESH_SECONDS: '0.02',
    });
    const post = () => app.inject({ method: 'POST', url: '/api/portal/contactexpats', payload: { a: 1 } });
    try {
      await settled();
      const inFlight = post();
      await new Promise((resolve) => setTimeout(resolve, 100));

      // A rolling restart: the replica that is stopping answers 503, the other one is back.
      ready.leaving = false;
      ready.staying = true;
      await settled();
      const answers = [];
      for (let index = 0; index < 20; index += 1) {
        const response = await post();
        answers.push([response.statusCode, response.json()]);
      }
      expect(answers).toEqual(Array(20).fill([200, { replica: 'staying' }]));
      release();
      const answered = await inFlight;
      expect([answered.statusCode, answered.json()]).toEqual([200, { replica: 'leaving' }]);
    } finally {
      release();
      await app.close();
      await Promise.all(started.map(({ replica }) => replica.close()));
    }
  });

  it('should send again only a read that did not reach a replica, and only with several', () => {
    const retryOnly = retryOnAnotherReplica(2);
    const refused = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    expect(retryOnly({ err: refused, req: { method: 'GET' }, attempt: 0 })).toBe(1);
    expect(retryOnly({ err: refused, req: { method: 'POST' }, attempt: 0 })).toBeNull();
    expect(retryOnly({ err: refused, req: { method: 'GET' }, attempt: 3 })).toBeNull();
    expect(retryOnly({ err: null, req: { method: 'GET' }, attempt: 0 })).toBeNull();
    expect(retryOnAnotherReplica(1)({ err: refused, req: { method: 'GET' }, attempt: 0 })).toBeNull();
  });

  it('should read a list of api origins, each validated', () => {
    expect(readHostConfig({ API_ORIGIN: 'http://a:8090, http://b:8090/' }).apiOrigins).toEqual([
      'http://a:8090',
      'http://b:8090',
    ]);
    expect(() => readHostConfig({ API_ORIGIN: 'http://a:8090,ftp://b' })).toThrow(/API_ORIGIN/);
  });

  it('should keep the session, credentials and cookies away from the content backend', async () => {
    const app = await server();
    const content = await app.inject({
      method: 'POST',
      url: '/sitecore/api/graph/edge',
      headers: {
        cookie: 'PORTAL_SESSION=secret; XSRF-TOKEN=token',
        authorization: 'Basic YW5uYTpzZWNyZXQ=',
        'x-xsrf-token': 'token',
        'content-type': 'application/json',
      },
      payload: { query: '{ __typename }' },
    });
    const seen = content.json<{ headers: Record<string, string> }>().headers;
    expect(seen).not.toHaveProperty('cookie');
    expect(seen).not.toHaveProperty('authorization');
    expect(seen).not.toHaveProperty('x-xsrf-token');
    expect(seen['content-type']).toBe('application/json');
    expect(content.headers['set-cookie']).toBeUndefined();

    // The product API is the portal's own backend: it gets the session and may set cookies.
    const api = await app.inject({ url: '/api/checksession', headers: { cookie: 'PORTAL_SESSION=secret' } });
    expect(api.json<{ headers: Record<string, string> }>().headers.cookie).toBe('PORTAL_SESSION=secret');
    expect(api.headers['set-cookie']).toBe('UPSTREAM=1; Path=/');
    await app.close();
  });

  it.each(['/sitecore/api/layout/render', '/sitecore/api/graph/edge/ide', '/sitecore/api/ssc/item'])(
    'should not proxy %s, only the GraphQL endpoint',
    async (url) => {
      const app = await server();
      const res = await app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('"method"');
      await app.close();
    },
  );

  it('should refuse a malformed environment with the variable named', () => {
    expect(() => readHostConfig({ GTM_ID: 'gtm-lower' })).toThrow(
      'GTM_ID must be GTM- followed by uppercase letters and digits, got "gtm-lower".',
    );
    expect(() => readHostConfig({ REMOTE_ACCOUNT_URL: 'not a url' })).toThrow(
      'REMOTE_ACCOUNT_URL must be an absolute http(s) URL, got "not a url".',
    );
    expect(() => readHostConfig({ HOST_CACHE_DIR: 'relative/cache' })).toThrow(/HOST_CACHE_DIR/);
    expect(readHostConfig({ HOST_CACHE_DIR: 'off' }).cacheDir).toBeNull();
    expect(readHostConfig({}).cacheDir).toBe(path.join(os.tmpdir(), 'portal-host-cache'));
    expect(() => readHostConfig({ HOST_PORT: '99999' })).toThrow(
      'HOST_PORT must be a port number between 1 and 65535, got "99999".',
    );
    expect(() => readHostConfig({ HOST_REMOTES_FILE: 'remotes.json' })).toThrow(
      'HOST_REMOTES_FILE must be an absolute path, got "remotes.json".',
    );
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'host-remotes-'));
    const file = path.join(folder, 'remotes.json');
    try {
      fs.writeFileSync(file, '{"REMOTE_BILING_URL": "https://billing.example/mf-manifest.json"}');
      expect(() => readHostConfig({ HOST_REMOTES_FILE: file })).toThrow(
        /"REMOTE_BILING_URL" is not one of REMOTE_ACCOUNT_URL/,
      );
      fs.writeFileSync(file, '["https://billing.example"]');
      expect(() => readHostConfig({ HOST_REMOTES_FILE: file })).toThrow(/must hold a JSON object/);
      fs.writeFileSync(file, '{"REMOTE_BILLING_URL": "ftp://billing.example"}');
      expect(() => readHostConfig({ HOST_REMOTES_FILE: file })).toThrow(
        'REMOTE_BILLING_URL must be an absolute http(s) URL, got "ftp://billing.example".',
      );
      expect(() => readHostConfig({ HOST_REMOTES_FILE: path.join(folder, 'none.json') })).toThrow(
        /cannot be read as JSON/,
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('should tell the page that the browser asks to save data (Save-Data: on), so it fetches nothing ahead', async () => {
    const pageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-dist-'));
    fs.writeFileSync(
      path.join(pageDir, 'index.html'),
      '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>',
    );
    try {
      const app = await server({
        HOST_DIST_DIR: pageDir,
        REMOTE_ACCOUNT_URL: 'off',
        REMOTE_INSURANCE_URL: 'off',
        REMOTE_BILLING_URL: 'off',
        REMOTE_SERVICE_URL: 'off',
      });
      const startData = (body: string) =>
        JSON.parse(
          /<script type="application\/json" id="portal-start">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
        ) as {
          saveData?: boolean;
        } | null;
      const saving = await app.inject({ url: '/en/login', headers: { 'save-data': 'on' } });
      expect(startData(saving.body)?.saveData).toBe(true);
      expect(saving.headers.vary).toContain('Save-Data');
      const plain = await app.inject({ url: '/en/login' });
      expect(startData(plain.body)).not.toBeNull();
      expect(startData(plain.body)?.saveData).toBeUndefined();
      await app.close();
    } finally {
      fs.rmSync(pageDir, { recursive: true, force: true });
    }
  });

  it('should send the document headers with pages, not with every hashed script', async () => {
    const app = await server();
    const page = await app.inject({ url: '/en/login' });
    const script = await app.inject({ url: '/en/assets/main.1a2b3c4d.js' });
    expect(script.statusCode).toBe(200);
    const worker = await app.inject({ url: '/en/sw.js' });
    expect(worker.headers['content-security-policy']).toBeTruthy();
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options']) {
      expect(page.headers[name]).toBeTruthy();
      expect(script.headers[name]).toBeUndefined();
    }
    for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']) {
      expect(script.headers[name]).toBe(page.headers[name]);
    }
    await app.close();
  });

  it('should send the document headers with the app page even at a script-like URL asked for as a page', async () => {
    const app = await server();
    for (const url of [
      '/en/assets/x.js',
      '/en/assets/x.12345678.css',
      '/en/favicon.svg',
      '/en/icons/x.png',
    ]) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['permissions-policy']).toContain('camera=()');
    }
    await app.close();
  });

  it("should give the backends' answers a policy that loads nothing", async () => {
    const app = await server();
    const api = await app.inject({ url: '/api/checksession' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['permissions-policy']).toBeUndefined();
    await app.close();
  });

  it('should deny the browser features the portal does not use', async () => {
    const app = await server();
    for (const url of ['/en/', '/en/login']) {
      const policy = String((await app.inject({ url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy).toContain(feature);
      }
    }
    await app.close();
  });

  it("should overwrite, not pass on, a client's X-Forwarded-For and X-Forwarded-Proto", async () => {
    const app = await server();
    const spoofed = {
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    };
    for (const url of ['/api/checksession', '/pacos?pc=1&nr=1']) {
      const seen = (await app.inject({ url, remoteAddress: '198.51.100.23', headers: spoofed })).json<{
        headers: Record<string, string>;
      }>().headers;
      expect(seen['x-forwarded-for']).toBe('198.51.100.23');
      expect(seen['x-forwarded-proto']).toBe('http');
      expect(seen).not.toHaveProperty('x-forwarded-host');
    }
    const content = await app.inject({
      method: 'POST',
      url: '/sitecore/api/graph/edge',
      remoteAddress: '198.51.100.23',
      headers: { ...spoofed, 'content-type': 'application/json' },
      payload: { query: '{ __typename }' },
    });
    expect(content.json<{ headers: Record<string, string> }>().headers['x-forwarded-for']).toBe(
      '198.51.100.23',
    );
    await app.close();

    // Behind a proxy named in TRUST_PROXY, that proxy's word is taken.
    const behind = await server({ TRUST_PROXY: '127.0.0.1' });
    const seen = (
      await behind.inject({ url: '/api/checksession', remoteAddress: '127.0.0.1', headers: spoofed })
    ).json<{ headers: Record<string, string> }>().headers;
    expect(seen['x-forwarded-for']).toBe('10.0.0.1');
    expect(seen['x-forwarded-proto']).toBe('https');
    await behind.close();
  });

  it('should refuse bodies over the limit of the proxied route before sending anything on', async () => {
    const app = await server();
    const big = await app.inject({
      method: 'POST',
      url: '/sitecore/api/graph/edge',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: `{ ${'a: __typename '.repeat(30_000)} }` }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    const api = await app.inject({
      method: 'POST',
      url: '/api/portal/contactexpats',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ question: 'x'.repeat(API_BODY_LIMIT) }),
    });
    expect(api.statusCode).toBe(413);
    const small = await app.inject({
      method: 'POST',
      url: '/sitecore/api/graph/edge',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ __typename }' },
    });
    expect(small.statusCode).toBe(200);
    expect(bodyLimitFor('/api/en/claims')).toBe(CLAIM_BODY_LIMIT);
    expect(bodyLimitFor('/en/')).toBeNull();
    await app.close();
  });

  it('should not proxy the development outbox unless API_DEV_OUTBOX=1', async () => {
    const app = await server();
    for (const url of [
      '/api/dev/outbox',
      '/api/dev/outbox/',
      '/api//dev/outbox',
      '/api/dev//outbox',
      '/api/dev/%6Futbox',
      '/api/dev/outbox?x=1',
      '/api/DEV/outbox',
      '/api/dev',
      '/api/dev/anything',
    ]) {
      const closed = await app.inject({ url });
      expect([url, closed.statusCode]).toEqual([url, 404]);
      expect(closed.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    }
    await app.close();
    const dev = await server({ API_DEV_OUTBOX: '1' });
    expect((await dev.inject({ url: '/api/dev/outbox' })).json()).toMatchObject({ url: '/api/dev/outbox' });
    await dev.close();
  });

  it("should not proxy the api's operations endpoints, however the path is spelled", async () => {
    const app = await server();
    for (const url of ['/api/ops/jobs', '/api/ops', '/api//ops/jobs', '/api/%6Fps/jobs', '/api/OPS/jobs/']) {
      const closed = await app.inject({ url });
      expect([url, closed.statusCode]).toEqual([url, 404]);
      expect(closed.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    }
    // The claims handler's writes, with or without the key, are not forwarded either.
    const handler = await app.inject({
      method: 'POST',
      url: '/api/ops/claims/CLM-2026-0000C001/status',
      headers: { authorization: 'Bearer ops-secret', 'content-type': 'application/json' },
      payload: { status: 'IN_REVIEW' },
    });
    expect(handler.statusCode).toBe(404);
    await app.close();
  });

  it("should answer GET /metrics only with the OPS_TOKEN, with its own metrics and never the api's", async () => {
    const closed = await server();
    expect(
      (await closed.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode,
    ).toBe(404);
    await closed.close();

    const app = await server({ OPS_TOKEN: 'ops-secret', API_ORIGIN: 'http://127.0.0.1:9' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer ops-secreT' } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/api/en/countries' })).statusCode).toBe(502);
    const metrics = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer ops-secret' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/\*",status="502",service="host"\} 1/,
    );
    expect(metrics.body).toMatch(
      /host_upstream_errors_total\{upstream="http:\/\/127\.0\.0\.1:9",code="ECONNREFUSED",service="host"\} [1-9]/,
    );
    expect(metrics.body).toContain('host_student_frames_total');
    expect(metrics.body).toMatch(/host_api_replicas\{service="host"\} 1/);
    expect(metrics.body).not.toContain('"url"');
    await app.close();
  });

  it("should send the api its own X-Request-Id, the one in the host's log line, never the client's", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await createHostServer(
      readHostConfig({
        HOST_DIST_DIR: distDir,
        API_ORIGIN: upstreamOrigin,
        CONTENT_API_KEY: 'test-key',
        HOST_CACHE_DIR: 'off',
      }),
      { level: 'info', stream },
    );
    const response = await app.inject({ url: '/api/en/countries', headers: { 'x-request-id': 'made-up' } });
    await app.close();
    const sent = (response.json() as { headers: Record<string, string> }).headers['x-request-id'];
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.filter((line) => line.reqId === sent).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });

  it('should proxy the development outbox to clients on this machine only, whatever their headers say', async () => {
    const dev = await server({ API_DEV_OUTBOX: '1', TRUST_PROXY: 'true' });
    for (const remoteAddress of ['192.0.2.7', '2001:db8::1']) {
      const outside = await dev.inject({
        url: '/api/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect([remoteAddress, outside.statusCode]).toEqual([remoteAddress, 404]);
      expect(outside.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    }
    const local = await dev.inject({ url: '/api/dev/outbox', remoteAddress: '::1' });
    expect(local.json()).toMatchObject({ url: '/api/dev/outbox' });
    await dev.close();
  });

  it('should log request URLs without the tokens and keys they carry', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await createHostServer(
      readHostConfig({
        HOST_DIST_DIR: distDir,
        API_ORIGIN: upstreamOrigin,
        CONTENT_ORIGIN: upstreamOrigin,
        CONTENT_API_KEY: 'test-key',
      }),
      { level: 'info', stream },
    );
    const secret = 'Zq0secret0token0Zq0secret0token0Zq0secret0';
    for (const url of [
      `/en/activate/${secret}/new.student%40example.com`,
      `/en/setpassword/${secret}/anna%40example.com`,
      `/en/confirm-email/${secret}/anna.new%40example.com`,
      `/en/verify/${secret}`,
      `/api/verify/${secret}`,
      `/sitecore/api/graph/edge?sc_apikey=${secret}&query=x`,
    ]) {
      await app.inject({ url, headers: { accept: 'text/html' } });
    }
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/en/activate/[redacted]');
    expect(log).toContain('sc_apikey=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('example.com');
  });

  it('should serve no source map and no page without its headers, for generated spellings of asset paths', async () => {
    fs.writeFileSync(
      path.join(distDir, 'assets', 'main.1a2b3c4d.js.map'),
      '{"sources":["/build/src/main.ts"]}',
    );
    const app = await server();
    // Encoded dots and letters, doubled slashes, case and a query, over the paths of a script, its map and a missing asset.
    const dots = ['.', '%2E', '%2e'];
    const letters: Record<string, string[]> = { m: ['m', '%6D', 'M'], a: ['a', '%61'], p: ['p', '%70', 'P'] };
    const slashes = ['/en/assets/', '/en//assets/', '/en/assets//'];
    const urls = new Set<string>();
    for (const slash of slashes)
      for (const dot of dots)
        for (const m of letters.m!)
          for (const a of letters.a!)
            for (const p of letters.p!) {
              urls.add(`${slash}main.1a2b3c4d.js${dot}${m}${a}${p}`);
              urls.add(`${slash}main.1a2b3c4d.js${dot}${m}${a}${p}?v=1`);
            }
    for (const slash of slashes)
      for (const name of ['main.1a2b3c4d.js', 'x.js', 'x.12345678.css', 'x%2Ejs', 'm%61in.1a2b3c4d.js'])
        urls.add(`${slash}${name}`);
    expect(urls.size).toBeGreaterThanOrEqual(300);
    for (const url of urls) {
      for (const accept of ['text/html', '*/*']) {
        const res = await app.inject({ url, headers: { accept } });
        expect([url, res.statusCode < 500]).toEqual([url, true]);
        expect([url, res.body.includes('/build/src/main.ts')]).toEqual([url, false]);
        if (String(res.headers['content-type']).startsWith('text/html')) {
          expect([url, accept, res.headers['content-security-policy']]).toEqual([
            url,
            accept,
            expect.stringContaining("frame-ancestors 'none'"),
          ]);
          expect([url, res.headers['x-frame-options']]).toEqual([url, 'DENY']);
        }
      }
    }
    await app.close();
  });
});
