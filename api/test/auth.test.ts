import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMinutes } from 'date-fns';
import { buildApp } from '../src/app.js';
import { parseTrustProxy } from '../src/config.js';
import { XSRF_ONLY, authHeaders, createTestApp } from './helpers.js';
import type { TestApp } from './helpers.js';

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
const xsrf = XSRF_ONLY;

describe('auth', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('should log in, set a fresh HttpOnly session cookie and an XSRF cookie', async () => {
    const first = await t.request({ method: 'GET', url: '/api/en/countries' });
    const xsrfCookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    assert.ok(xsrfCookie && !xsrfCookie.httpOnly && xsrfCookie.value.length >= 32);
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { ...xsrf, authorization: basic('anna.devries@example.com', 'Portal-Demo-2026!') },
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { firstName: 'Anna', profileId: 'P-1001' });
    const session = response.cookies.find((c) => c.name === 'PORTAL_SESSION');
    assert.ok(session?.httpOnly);
    assert.equal(session.sameSite, 'Lax');
    assert.equal(session.secure, undefined);
    assert.ok(session.value.length >= 22);
    const again = await t.login('anna.devries@example.com');
    assert.notEqual(again.cookie.split(';')[0], `PORTAL_SESSION=${session.value}`);
  });

  it('should mark the cookie Secure behind an https proxy', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: {
        ...xsrf,
        'x-forwarded-proto': 'https',
        authorization: basic('chen.li@example.com', 'Portal-Demo-2026!'),
      },
    });
    assert.equal(response.cookies.find((c) => c.name === 'PORTAL_SESSION')?.secure, true);
  });

  it('should believe X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY, loopback by default)', async () => {
    const login = (app: typeof t.app, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        headers: {
          ...xsrf,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '198.51.100.7',
          authorization: basic('ben.okafor@example.com', 'Portal-Demo-2026!'),
        },
      });
    const secure = (response: Awaited<ReturnType<typeof login>>) =>
      response.cookies.find((c) => c.name === 'PORTAL_SESSION')?.secure ?? false;
    const outsider = await login(t.app, '203.0.113.9');
    assert.equal(outsider.statusCode, 200);
    assert.equal(secure(outsider), false, 'a client cannot claim https for itself');
    assert.equal(secure(await login(t.app, '127.0.0.1')), true);

    assert.equal(parseTrustProxy(undefined), 'loopback');
    assert.equal(parseTrustProxy(' '), 'loopback');
    assert.equal(parseTrustProxy('true'), true);
    assert.equal(parseTrustProxy('false'), false);
    const proxy = await buildApp({
      db: t.db,
      config: { ...t.config, trustProxy: parseTrustProxy('203.0.113.0/24, loopback') },
    });
    try {
      assert.equal(secure(await login(proxy, '203.0.113.9')), true, 'a proxy in TRUST_PROXY is believed');
      assert.equal(secure(await login(proxy, '192.0.2.1')), false);
    } finally {
      await proxy.close();
    }
  });

  it('should count parallel wrong passwords one by one and make the client wait at the 5th', async () => {
    const attempt = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/login',
        headers: { ...xsrf, authorization: basic('ben.okafor@example.com', password) },
      });
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => attempt('wrong-password')))).map(
      (response) => response.statusCode,
    );
    assert.ok(statuses.includes(429), `one of the parallel guesses is the 5th: ${statuses.join(', ')}`);
    assert.equal((await attempt('Portal-Demo-2026!')).statusCode, 429, 'the right password waits too');
    const [row] = await t.db.query<{ throttled_until: Date | null }>(
      "SELECT throttled_until FROM login_throttle WHERE email = 'ben.okafor@example.com' AND client <> '*'",
    );
    assert.ok(row?.throttled_until);
    await t.db.query("DELETE FROM login_throttle WHERE email = 'ben.okafor@example.com'");
  });

  it('should answer unknown e-mail, wrong password and not activated with the same 401', async () => {
    for (const [email, password] of [
      ['nobody@example.com', 'Portal-Demo-2026!'],
      ['ben.okafor@example.com', 'wrong-password'],
      ['new.student@example.com', 'Portal-Demo-2026!'],
    ] as const) {
      const response = await t.request({
        method: 'POST',
        url: '/api/login',
        headers: { ...xsrf, authorization: basic(email, password) },
      });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'INVALID_CREDENTIALS');
      assert.equal(response.headers['www-authenticate'], undefined);
    }
    const missing = await t.request({ method: 'POST', url: '/api/login', headers: xsrf });
    assert.equal(missing.statusCode, 401);
  });

  it('should refuse a blocked user with 403', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { ...xsrf, authorization: basic('blocked.user@example.com', 'Portal-Demo-2026!') },
    });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().code, 'ACCOUNT_BLOCKED');
  });

  it('should require the XSRF header on login', async () => {
    const headers = { authorization: basic('anna.devries@example.com', 'Portal-Demo-2026!') };
    const none = await t.request({ method: 'POST', url: '/api/login', headers });
    assert.equal(none.statusCode, 403);
    assert.equal(none.json().code, 'XSRF_INVALID');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { ...headers, cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'b' },
    });
    assert.equal(wrong.json().code, 'XSRF_INVALID');
  });

  it('should make the client wait 15 minutes after 5 failures in a row, not lock the account', async () => {
    const attempt = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/login',
        headers: { ...xsrf, authorization: basic('chen.li@example.com', password) },
      });
    for (let i = 0; i < 4; i += 1) assert.equal((await attempt('wrong-password')).statusCode, 401);
    assert.equal((await attempt('wrong-password')).statusCode, 429);
    assert.equal((await attempt('Portal-Demo-2026!')).statusCode, 429);
    const start = t.clock.now;
    t.clock.now = addMinutes(start, 16);
    assert.equal((await attempt('Portal-Demo-2026!')).statusCode, 200);
    t.clock.now = start;
  });

  it('should check, expire and end sessions server-side', async () => {
    const session = await t.login('anna.devries@example.com');
    const check = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: session.cookie },
    });
    assert.deepEqual(check.json(), { firstName: 'Anna', profileId: 'P-1001' });
    const start = t.clock.now;
    t.clock.now = addMinutes(start, 31);
    assert.equal(
      (await t.request({ method: 'GET', url: '/api/checksession', headers: { cookie: session.cookie } }))
        .statusCode,
      401,
    );
    t.clock.now = start;
    const other = await t.login('anna.devries@example.com');
    const logout = await t.request({ method: 'GET', url: '/api/logout', headers: authHeaders(other) });
    assert.equal(logout.statusCode, 204);
    const cleared = logout.cookies.find((c) => c.name === 'PORTAL_SESSION');
    assert.ok(cleared, 'the answer clears the session cookie');
    assert.equal(cleared.value, '');
    assert.equal(cleared.path, '/');
    assert.ok(cleared.expires && cleared.expires.getTime() <= Date.now(), 'expired');
    const after = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: other.cookie },
    });
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().code, 'UNAUTHENTICATED');
    assert.equal((await t.request({ method: 'GET', url: '/api/checksession' })).statusCode, 401);
  });
});
