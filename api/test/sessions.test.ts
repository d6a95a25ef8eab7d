import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../src/seed/seed.js';
import {
  XSRF_ONLY,
  assertContractBody,
  authHeaders,
  createTestApp,
  fixedNoon,
  signedXsrf,
} from './helpers.js';
import type { TestApp } from './helpers.js';

const ANNA = 'anna.devries@example.com';
const BEN = 'ben.okafor@example.com';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

type Session = { cookie: string; xsrf: string; device: string };

function assertRefused(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assertContractBody(response);
  assert.equal(response.json().code, code);
}

describe('sessions: where am I logged in', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon());
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  /** Logs in as a browser would: its User-Agent, its country header and its device cookie (if any). */
  async function login(email: string, headers: Record<string, string> = {}, device = ''): Promise<Session> {
    const anonymous = signedXsrf();
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: {
        authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}`,
        cookie: `XSRF-TOKEN=${anonymous}${device ? `; PORTAL_DEVICE=${device}` : ''}`,
        'x-xsrf-token': anonymous,
        ...headers,
      },
    });
    assert.equal(response.statusCode, 200, response.body);
    const session = response.cookies.find((c) => c.name === 'PORTAL_SESSION');
    const deviceCookie = response.cookies.find((c) => c.name === 'PORTAL_DEVICE');
    assert.ok(session && deviceCookie);
    assert.equal(deviceCookie.httpOnly, true);
    const xsrf = response.cookies.findLast((c) => c.name === 'XSRF-TOKEN')?.value;
    assert.ok(xsrf);
    return {
      cookie: `PORTAL_SESSION=${session.value}; XSRF-TOKEN=${xsrf}`,
      xsrf,
      device: deviceCookie.value,
    };
  }

  const list = (session: Session) =>
    t.request({ method: 'GET', url: '/api/sessions', headers: { cookie: session.cookie } });
  const wasThisYou = async (to: string) =>
    (await t.outbox()).filter((mail) => mail.to === to && mail.subject === 'Was this you?');

  it('should list her open sessions with browser, system, country and times, the current one marked', async () => {
    const laptop = await login(ANNA, { 'user-agent': FIREFOX_LINUX, 'cf-ipcountry': 'nl' });
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const phone = await login(ANNA, { 'user-agent': SAFARI_MAC, 'cf-ipcountry': 'XX' });
    await login(BEN, { 'user-agent': FIREFOX_LINUX });

    const response = await list(laptop);
    assert.equal(response.statusCode, 200, response.body);
    const sessions = response.json<Record<string, unknown>[]>();
    assert.equal(sessions.length, 2, 'only her own sessions');
    const [latest, first] = sessions;
    assert.deepEqual(
      { browser: first?.browser, system: first?.system, country: first?.country, current: first?.current },
      { browser: 'Firefox 128', system: 'Linux', country: 'NL', current: true },
    );
    assert.deepEqual(
      {
        browser: latest?.browser,
        system: latest?.system,
        country: latest?.country,
        current: latest?.current,
      },
      { browser: 'Safari 17', system: 'Mac OS 10.15.7', country: null, current: false },
    );
    const body = response.body;
    assert.ok(!body.includes(laptop.cookie.split(';')[0]!.split('=')[1]!), 'no session id on the wire');
    assert.ok(!body.includes(phone.cookie.split(';')[0]!.split('=')[1]!), 'no session id on the wire');
  });

  it("should end another session (its next request is 401), refuse her own and another student's", async () => {
    const laptop = await login(ANNA, { 'user-agent': FIREFOX_LINUX });
    const phone = await login(ANNA, { 'user-agent': SAFARI_MAC });
    const ben = await login(BEN);
    const rows = (await list(laptop)).json<{ id: string; current: boolean }[]>();
    const laptopRow = rows.find((row) => row.current);
    const phoneRow = rows.find((row) => !row.current);
    assert.ok(rows.length === 2 && phoneRow && laptopRow);
    const [benRow] = (await list(ben)).json<{ id: string }[]>();

    const del = (session: Session, id: string) =>
      t.request({ method: 'DELETE', url: `/api/sessions/${id}`, headers: authHeaders(session) });

    assertRefused(await del(laptop, benRow!.id), 403, 'FORBIDDEN');
    assert.equal((await list(ben)).statusCode, 200, "another student's session lives on");
    assertRefused(await del(laptop, laptopRow.id), 409, 'CURRENT_SESSION');
    assertRefused(await del(laptop, 'not-an-id'), 400, 'VALIDATION_FAILED');
    assertRefused(await del(laptop, '0'.repeat(32)), 404, 'NOT_FOUND');
    assertRefused(
      await t.request({
        method: 'DELETE',
        url: `/api/sessions/${phoneRow.id}`,
        headers: { cookie: laptop.cookie },
      }),
      403,
      'XSRF_INVALID',
    );

    const before = (await wasThisYou(ANNA)).length;
    const ended = await del(laptop, phoneRow.id);
    assert.equal(ended.statusCode, 204, ended.body);
    assertRefused(await list(phone), 401, 'UNAUTHENTICATED');
    assert.equal((await list(laptop)).statusCode, 200);
    const mails = await wasThisYou(ANNA);
    assert.equal(mails.length, before + 1);
    assert.match(mails[0]!.text, /One of your sessions .* was ended/);
    assert.deepEqual(mails[0]!.links, ['http://localhost:8080/en/profile#sessions']);
  });

  it('should end every other session at once, and answer 401 without a session', async () => {
    const laptop = await login(ANNA);
    const phone = await login(ANNA);
    const tablet = await login(ANNA);
    const ben = await login(BEN);
    const response = await t.request({
      method: 'DELETE',
      url: '/api/sessions',
      headers: authHeaders(laptop),
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { ended: 2 });
    assertRefused(await list(phone), 401, 'UNAUTHENTICATED');
    assertRefused(await list(tablet), 401, 'UNAUTHENTICATED');
    assert.equal((await list(laptop)).json<unknown[]>().length, 1);
    assert.equal((await list(ben)).statusCode, 200);
    assertRefused(await t.request({ method: 'GET', url: '/api/sessions' }), 401, 'UNAUTHENTICATED');
    assertRefused(
      await t.request({
        method: 'DELETE',
        url: '/api/sessions',
        headers: XSRF_ONLY,
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('should mail "Was this you?" for a login from a browser her account has not seen, not from a known one', async () => {
    const first = await login(ANNA, { 'user-agent': FIREFOX_LINUX });
    assert.equal((await wasThisYou(ANNA)).length, 0, 'her first login is no news');
    await login(ANNA, { 'user-agent': FIREFOX_LINUX }, first.device);
    assert.equal((await wasThisYou(ANNA)).length, 0, 'the same browser again');
    await login(ANNA, { 'user-agent': SAFARI_MAC });
    const mails = await wasThisYou(ANNA);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.text, /browser not used before \(Safari 17 on Mac OS 10\.15\.7\)/);
    assert.ok(mails[0]!.text.includes('/en/profile#sessions'));
    // A forged device value is just a new browser; nothing of it reaches the database unhashed.
    await login(ANNA, {}, `${'A'.repeat(42)}%00`);
    assert.equal((await wasThisYou(ANNA)).length, 2);
  });

  it('should keep junk headers out: an over-long or control-character User-Agent, a made-up country', async () => {
    const session = await login(ANNA, {
      'user-agent': `Mozilla/5.0 ${'x'.repeat(5000)}`,
      'cf-ipcountry': 'T1',
    });
    const [row] = (await list(session)).json<{ country: string | null }[]>();
    assert.equal(row?.country, null);
    const [stored] = await t.db.query<{ length: number }>(
      'SELECT length(user_agent) AS length FROM sessions',
    );
    assert.ok((stored?.length ?? 0) <= 512);
  });
});
