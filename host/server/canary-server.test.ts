/** @jest-environment node */
// The host's canary and field data, through its routes: `/en/remotes.json`, the page and its CSP,
// `POST /en/rum`, `GET /ops/releases` and `/metrics`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHostConfig } from './config';
import { createHostServer } from './host-server';

const STABLE = 'http://stable.example/billing/mf-manifest.json';
const CANARY = 'http://canary.example/billing/mf-manifest.json';
const NEXT_CANARY = 'http://canary.example/billing-2/mf-manifest.json';
const VERSIONS: Record<string, string> = {
  [STABLE]: '0.1.2',
  [CANARY]: '0.2.0-rc.1',
  [NEXT_CANARY]: '0.2.0-rc.2',
};
const OPS = { authorization: 'Bearer ops-secret' };

/** The remotes' manifests, as the host reads them for the releases' versions. */
const fetchManifests: typeof fetch = async (input) => {
  const version = VERSIONS[String(input)];
  if (!version) throw new Error(`unexpected fetch of ${String(input)}`);
  return new Response(JSON.stringify({ metaData: { buildInfo: { buildVersion: version } } }), {
    headers: { 'Content-Type': 'application/json' },
  });
};

describe('host server: canaries and field data', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'host-canary-'));
    fs.writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>portal</title>');
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  const server = (env: NodeJS.ProcessEnv = {}) =>
    createHostServer(
      readHostConfig({
        HOST_DIST_DIR: folder,
        HOST_CACHE_DIR: 'off',
        HOST_CANARY_STATE_FILE: path.join(folder, 'rollbacks.json'),
        API_ORIGIN: 'http://127.0.0.1:9',
        CONTENT_ORIGIN: 'http://127.0.0.1:9',
        OPS_TOKEN: 'ops-secret',
        REMOTE_ACCOUNT_URL: 'off',
        REMOTE_INSURANCE_URL: 'off',
        REMOTE_SERVICE_URL: 'off',
        REMOTE_BILLING_URL: STABLE,
        CANARY_BILLING_URL: CANARY,
        CANARY_BILLING_PERCENT: '100',
        ...env,
      }),
      false,
      fetchManifests,
    );
  const event = (type: string, extra: Record<string, unknown> = {}) => ({
    type,
    route: 'invoices',
    remote: 'billing',
    release: '0.2.0-rc.1',
    canary: true,
    ...extra,
  });
  const report = (events: unknown[], headers: Record<string, string> = {}) => ({
    method: 'POST' as const,
    url: '/en/rum',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: JSON.stringify({ events }),
  });

  it('should give a new browser its release group with the runtime config, and its canary with the CSP', async () => {
    const app = await server();
    try {
      const config = await app.inject({ url: '/en/remotes.json' });
      expect(config.headers['set-cookie']).toMatch(/^portal_release_group=[\w-]{22}; Path=\/; .*HttpOnly/);
      expect(config.json()).toMatchObject({ remotes: { billing: CANARY }, canary: { billing: STABLE } });
      expect(config.headers.vary).toContain('Cookie');
      const cookie = String(config.headers['set-cookie']).split(';')[0];
      const page = await app.inject({ url: '/en/', headers: { accept: 'text/html', cookie } });
      expect(page.headers['set-cookie']).toBeUndefined();
      const scriptSrc = String(page.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSrc).toContain('http://canary.example');
      expect(scriptSrc).toContain('http://stable.example');
    } finally {
      await app.close();
    }
  });

  it('should set no cookie and serve the stable release when no canary runs', async () => {
    const app = await server({ CANARY_BILLING_URL: '', CANARY_BILLING_PERCENT: '' });
    try {
      const config = await app.inject({ url: '/en/remotes.json' });
      expect(config.headers['set-cookie']).toBeUndefined();
      expect(config.json().remotes.billing).toBe(STABLE);
      expect(config.json().canary).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('should refuse bad reports with the contract body: wrong types, too large, unknown remotes, other sites', async () => {
    const app = await server({ REMOTE_SERVICE_URL: 'off' });
    try {
      const wrongType = await app.inject(report([event('view', { canary: 'yes' })]));
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({
        code: 'INVALID_REPORT',
        message: expect.stringContaining('The report is not valid'),
      });
      const badValue = await app.inject(report([event('vital', { name: 'LCP', value: -1 })]));
      expect(badValue.json().code).toBe('INVALID_REPORT');
      const notJson = await app.inject({ ...report([]), payload: '{"events": [' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().code).toBe('INVALID_REPORT');
      const controls = await app.inject(report([event('view', { route: 'invoices\u0000\ud800' })]));
      expect(controls.json().code).toBe('INVALID_REPORT');
      const huge = await app.inject({
        ...report([]),
        payload: JSON.stringify({ events: ['x'.repeat(20_000)] }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The report is too large.' });
      const tooMany = await app.inject(report(Array.from({ length: 31 }, () => event('view'))));
      expect(tooMany.json().code).toBe('INVALID_REPORT');
      const notAName = await app.inject(report([event('view', { remote: 'Pay-roll!' })]));
      expect(notAName.statusCode).toBe(400);
      expect(notAName.json().code).toBe('INVALID_REPORT');
      // A name a remote may have, but no remote this host composes (none added): no label for it.
      const unknown = await app.inject(report([event('view', { remote: 'payroll' })]));
      expect(unknown.json()).toEqual({
        code: 'UNKNOWN_REMOTE',
        message: 'This portal has no remote "payroll".',
      });
      const notServed = await app.inject(report([event('view', { remote: 'service' })]));
      expect(notServed.json()).toEqual({
        code: 'UNKNOWN_REMOTE',
        message: 'This portal has no remote "service".',
      });
      const otherSite = await app.inject(report([event('view')], { origin: 'https://evil.example' }));
      expect(otherSite.statusCode).toBe(403);
      expect(otherSite.json().code).toBe('FORBIDDEN');
      const ok = await app.inject(
        report([event('view')], { host: 'portal.example', origin: 'https://portal.example' }),
      );
      expect(ok.statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });

  it('should refuse a flood of reports from one client', async () => {
    const app = await server({ HOST_RUM_PER_MINUTE: '3' });
    try {
      for (let count = 0; count < 3; count += 1)
        expect((await app.inject(report([event('view')]))).statusCode).toBe(204);
      const flood = await app.inject(report([event('view')]));
      expect(flood.statusCode).toBe(429);
      expect(flood.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many reports/),
      });
    } finally {
      await app.close();
    }
  });

  it('should roll a failing canary back, keep the rollback across a restart, and serve a new canary again', async () => {
    const file = path.join(folder, 'remotes.json');
    fs.writeFileSync(file, JSON.stringify({ CANARY_BILLING_URL: CANARY, CANARY_BILLING_PERCENT: 100 }));
    const env = { HOST_REMOTES_FILE: file, CANARY_BILLING_URL: '', HOST_CANARY_MIN_VIEWS: '3' };
    const app = await server(env);
    try {
      expect((await app.inject({ url: '/en/remotes.json' })).json().remotes.billing).toBe(CANARY);
      // Two page views that fail: not judged yet.
      await app.inject(report([event('view'), event('error', { kind: 'boundary' })]));
      await app.inject(report([event('view'), event('error', { kind: 'boundary' })]));
      expect((await app.inject({ url: '/en/remotes.json' })).json().remotes.billing).toBe(CANARY);
      await app.inject(report([event('view'), event('error', { kind: 'boundary' })]));
      // Judged and rolled back: every new page load gets the stable release.
      const after = (await app.inject({ url: '/en/remotes.json' })).json();
      expect(after.remotes.billing).toBe(STABLE);
      expect(after.canary).toBeUndefined();

      const status = (await app.inject({ url: '/ops/releases', headers: OPS })).json();
      const billing = status.remotes.find((remote: { remote: string }) => remote.remote === 'billing');
      expect(billing).toMatchObject({
        stable: { url: STABLE, release: '0.1.2', pageViews: 0 },
        canary: {
          url: CANARY,
          release: '0.2.0-rc.1',
          percent: 100,
          rolledBack: true,
          pageViews: 3,
          errors: 3,
        },
        rollback: { canaryUrl: CANARY, reason: expect.stringContaining('Errors per page view: 100.0%') },
      });
      const metrics = (await app.inject({ url: '/metrics', headers: OPS })).body;
      expect(metrics).toContain('host_canary_rollbacks_total{remote="billing",service="host"} 1');
      expect(metrics).toContain(
        'host_rum_page_views_total{remote="billing",release="0.2.0-rc.1",variant="canary",service="host"} 3',
      );
      expect(metrics).toContain(
        'host_rum_errors_total{remote="billing",release="0.2.0-rc.1",variant="canary",kind="boundary",service="host"} 3',
      );
    } finally {
      await app.close();
    }

    const restarted = await server(env);
    try {
      expect((await restarted.inject({ url: '/en/remotes.json' })).json().remotes.billing).toBe(STABLE);
      // The remotes file names a new canary: it is served again.
      fs.writeFileSync(
        file,
        JSON.stringify({ CANARY_BILLING_URL: NEXT_CANARY, CANARY_BILLING_PERCENT: 100 }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await restarted.inject({ url: '/healthz' });
      expect((await restarted.inject({ url: '/en/remotes.json' })).json().remotes.billing).toBe(NEXT_CANARY);
    } finally {
      await restarted.close();
    }
  });

  it('should count a release the remote does not serve as "other", and vitals as histograms', async () => {
    const app = await server();
    try {
      await app.inject(
        report([
          event('view', { release: '9.9.9' }),
          // A page left before it had read the manifest: the release the host served.
          event('view', { release: 'unknown' }),
          event('vital', { name: 'LCP', value: 1800 }),
          event('view', { remote: 'host', route: 'home', release: 'host', canary: false }),
        ]),
      );
      const metrics = (await app.inject({ url: '/metrics', headers: OPS })).body;
      expect(metrics).toContain(
        'host_rum_page_views_total{remote="billing",release="other",variant="canary",service="host"} 1',
      );
      expect(metrics).toContain(
        'host_rum_page_views_total{remote="billing",release="0.2.0-rc.1",variant="canary",service="host"} 1',
      );
      expect(metrics).toContain(
        'host_rum_lcp_seconds_bucket{le="2",service="host",remote="billing",release="0.2.0-rc.1",variant="canary"} 1',
      );
      expect(metrics).toMatch(
        /host_rum_page_views_total\{remote="host",release="[\w.-]+",variant="stable",service="host"\} 1/,
      );
    } finally {
      await app.close();
    }
  });

  it('should answer /ops/releases only with the operations token', async () => {
    const closed = await server({ OPS_TOKEN: '' });
    const app = await server();
    try {
      expect((await closed.inject({ url: '/ops/releases', headers: OPS })).statusCode).toBe(404);
      const without = await app.inject({ url: '/ops/releases' });
      expect(without.statusCode).toBe(401);
      expect(without.json().code).toBe('UNAUTHORIZED');
      expect(
        (await app.inject({ url: '/ops/releases', headers: { authorization: 'Bearer nope' } })).statusCode,
      ).toBe(401);
    } finally {
      await closed.close();
      await app.close();
    }
  });
});
