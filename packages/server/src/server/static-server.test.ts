/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createStaticServer } from './static-server';

const BIG_SCRIPT = `var portal = ${JSON.stringify('student insurance '.repeat(400))};`;

describe('createStaticServer', () => {
  let root: string;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(root, 'remoteEntry.js'), 'var entry;');
    fs.writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(root, 'assets', 'icons.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(root, 'assets', 'main.1a2b3c4d.js'), 'var main;');
    fs.writeFileSync(path.join(root, 'assets', 'main.1a2b3c4d.js.map'), '{"sources":["/build/src/main.ts"]}');
    // As the production build leaves it: brotli and gzip copies beside a script.
    fs.writeFileSync(path.join(root, 'assets', 'app.5e6f7a8b.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(root, 'assets', 'app.5e6f7a8b.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(root, 'assets', 'app.5e6f7a8b.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    // A file the build left raw.
    fs.writeFileSync(path.join(root, 'routes.json'), JSON.stringify({ routes: BIG_SCRIPT }));
  });

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each([
    '/assets/main.1a2b3c4d.js.map',
    '/assets/main.1a2b3c4d.js.ma%70',
    '/assets/main.1a2b3c4d.js%2Emap',
    '/assets/main.1a2b3c4d.js%2emap',
    '/assets/main.1a2b3c4d.js.MAP',
    '/assets//main.1a2b3c4d.js.map',
    '/assets/main.1a2b3c4d.js.map?x=1',
    '/assets%2Fmain.1a2b3c4d.js.map',
  ])('should never serve a source map, however its path is spelled: %s', async (url) => {
    const app = await createStaticServer({ root });
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('/build/src/main.ts');
    await app.close();
  });

  it('should serve hashed assets as immutable', async () => {
    const app = await createStaticServer({ root });
    const res = await app.inject({ url: '/assets/main.1a2b3c4d.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators to send.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
    await app.close();
  });

  it.each(['br', 'gzip'])('should serve the %s copy of a hashed asset as immutable too', async (encoding) => {
    const app = await createStaticServer({ root });
    const res = await app.inject({
      url: '/assets/app.5e6f7a8b.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    await app.close();
  });

  it.each(['/remoteEntry.js', '/mf-manifest.json', '/index.html'])(
    'should serve %s with no-cache and an ETag',
    async (url) => {
      const app = await createStaticServer({ root });
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
      // One validator is enough; nothing is fetched in ranges.
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
      const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      await app.close();
    },
  );

  it('should serve the icon sprite fresh for five minutes, so that a page and its app fetch it once', async () => {
    const app = await createStaticServer({ root });
    const res = await app.inject({ url: '/assets/icons.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    await app.close();
  });

  it.each([
    ['br, gzip', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ])(
    'should send the precompressed copy to a browser that accepts %s',
    async (accepted, encoding, decode) => {
      const app = await createStaticServer({ root });
      const res = await app.inject({
        url: '/assets/app.5e6f7a8b.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5);
      expect(decode(res.rawPayload).toString()).toBe(BIG_SCRIPT);
      await app.close();
    },
  );

  it('should send the file raw to a client that accepts no encoding', async () => {
    const app = await createStaticServer({ root });
    const res = await app.inject({
      url: '/assets/app.5e6f7a8b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(BIG_SCRIPT);
    await app.close();
  });

  it('should compress on the fly what the build did not precompress', async () => {
    const app = await createStaticServer({ root });
    const res = await app.inject({ url: '/routes.json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual({ routes: BIG_SCRIPT });
    await app.close();
  });

  it('should allow the host origin only', async () => {
    const app = await createStaticServer({ root, corsOrigins: ['http://localhost:8080'] });
    const allowed = await app.inject({
      url: '/remoteEntry.js',
      headers: { origin: 'http://localhost:8080' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const other = await app.inject({ url: '/remoteEntry.js', headers: { origin: 'http://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('should answer client-side routes under the prefix with index.html, and missing files with 404', async () => {
    const app = await createStaticServer({ root, prefix: '/en/' });
    const page = await app.inject({ url: '/en/service-contact/faq' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    const missing = await app.inject({ url: '/en/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const outside = await app.inject({ url: '/elsewhere' });
    expect(outside.statusCode).toBe(404);
    await app.close();
  });

  it('should answer a navigation to a route ending in an e-mail address with index.html', async () => {
    const app = await createStaticServer({ root, prefix: '/en/' });
    const url = '/en/activate/0123abcd/new.student%40example.com';
    const page = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    const script = await app.inject({ url: '/en/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    await app.close();
  });

  it.each(['/assets/main.1a2b3c4d.js', '/remoteEntry.js', '/en/anything', '/assets/missing.js', '/healthz'])(
    'should send nosniff and a referrer policy with %s',
    async (url) => {
      const app = await createStaticServer({ root, prefix: '/' });
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      await app.close();
    },
  );

  it('should never serve source maps, even when the build left them in the folder', async () => {
    const app = await createStaticServer({ root, prefix: '/en/' });
    for (const url of ['/en/assets/main.1a2b3c4d.js.map', '/en/assets/main.1a2b3c4d.js.MAP?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('/build/src');
    }
    expect((await app.inject({ url: '/en/assets/main.1a2b3c4d.js' })).statusCode).toBe(200);
    await app.close();
  });

  it('should report health', async () => {
    const app = await createStaticServer({ root });
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('should refuse a prefix without slashes', async () => {
    await expect(createStaticServer({ root, prefix: 'en' })).rejects.toThrow(
      'The static prefix must start and end with "/", got "en".',
    );
  });
});
