import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, addHours, addMinutes, format } from 'date-fns';
import type { LightMyRequestResponse } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../src/auth/passwords.js';
import { loadConfig, SCRYPT_LOG_N } from '../src/config.js';
import { DEMO_PASSWORD } from '../src/seed/seed.js';
import {
  TEST_RATE_LIMITS,
  XSRF_ONLY,
  assertContractBody,
  authHeaders,
  createTestApp,
  fixedNoon,
} from './helpers.js';
import type { TestApp } from './helpers.js';

const ANNA = 'anna.devries@example.com';
const BEN = 'ben.okafor@example.com';
const NEW_PASSWORD = 'Lantern-Harbour-93!';

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

const login = (t: TestApp, email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { ...XSRF_ONLY, authorization: basic(email, password) },
  });

function assertRateLimited(response: LightMyRequestResponse): void {
  assert.equal(response.statusCode, 429, response.body);
  assertContractBody(response);
  assert.equal(response.json().code, 'RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(retryAfter));
}

const linkToken = (link: string) => /\/en\/[a-z-]+\/([^/]+)\//.exec(link)?.[1] ?? '';

describe('rate limits', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon(), {
      config: { rateLimits: { ...TEST_RATE_LIMITS, authPerMinute: 3, contentPerMinute: 2, mailsPerHour: 2 } },
    });
  });
  after(() => t.close());

  it('should answer the 4th login of a client address in a minute with 429, Retry-After and the contract body', async () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await login(t, 'nobody@example.com', 'wrong-password', '203.0.113.1')).statusCode, 401);
    }
    assertRateLimited(await login(t, ANNA, DEMO_PASSWORD, '203.0.113.1'));
    // Another client is not held back.
    assert.equal((await login(t, ANNA, DEMO_PASSWORD, '203.0.113.2')).statusCode, 200);
  });

  it('should limit reset requests, activation and mailed-link checks per client address', async () => {
    const calls = [
      { method: 'PUT' as const, url: `/api/accounts/${ANNA}/reset/password` },
      { method: 'POST' as const, url: `/api/accounts/${ANNA}/activate`, payload: { password: 'x' } },
      { method: 'GET' as const, url: `/api/accounts/${ANNA}/` },
      { method: 'POST' as const, url: `/api/accounts/${ANNA}/password`, payload: { password: 'x' } },
    ];
    for (const call of calls) {
      const send = () => t.app.inject({ ...call, remoteAddress: '198.51.100.4', headers: XSRF_ONLY });
      for (let i = 0; i < 3; i += 1) assert.notEqual((await send()).statusCode, 429, call.url);
      assertRateLimited(await send());
    }
  });

  it('should limit the content endpoint per client address', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/sitecore/api/graph/edge?sc_apikey=portal-dev-content-key',
        remoteAddress: '198.51.100.9',
        payload: { query: '{ __typename }' },
      });
    assert.equal((await send()).statusCode, 200);
    assert.equal((await send()).statusCode, 200);
    assertRateLimited(await send());
  });

  it('should mail one address at most mailsPerHour reset links an hour', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${BEN}/reset/password`,
        remoteAddress: `192.0.2.${i + 10}`,
        headers: XSRF_ONLY,
      });
      assert.equal(response.statusCode, 204);
    }
    const mails = (await t.outbox()).filter((mail) => mail.to === BEN);
    assert.equal(mails.length, 2);
    t.clock.now = addMinutes(t.clock.now, 61);
    await t.app.inject({ method: 'PUT', url: `/api/accounts/${BEN}/reset/password`, headers: XSRF_ONLY });
    assert.equal((await t.outbox()).filter((mail) => mail.to === BEN).length, 3);
  });
});

describe('lockout and password guessing', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon());
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  it('should make a client wait after 5 wrong passwords in a row, for an unknown address exactly like a real one', async () => {
    const pattern = async (email: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await login(t, email, 'Wrong-password-1')).statusCode);
      return codes;
    };
    const known = await pattern(ANNA);
    const unknown = await pattern('nobody.at.all@example.com');
    assert.deepEqual(known, [401, 401, 401, 401, 429, 429]);
    assert.deepEqual(unknown, known);
    const waiting = await login(t, ANNA, DEMO_PASSWORD);
    assert.equal(waiting.statusCode, 429, 'the right password waits too at this client');
    assertContractBody(waiting);
    assert.equal(waiting.headers['retry-after'], String(15 * 60));
    t.clock.now = addMinutes(t.clock.now, 16);
    assert.equal((await login(t, 'nobody.at.all@example.com', 'Wrong-password-1')).statusCode, 401);
    assert.equal((await login(t, ANNA, DEMO_PASSWORD)).statusCode, 200);
  });

  it('should not let wrong guesses from one client keep the student out at another', async () => {
    for (let i = 0; i < 5; i += 1) await login(t, ANNA, 'Wrong-password-1', '203.0.113.66');
    assert.equal((await login(t, ANNA, DEMO_PASSWORD, '203.0.113.66')).statusCode, 429);
    assert.equal((await login(t, ANNA, DEMO_PASSWORD, '198.51.100.23')).statusCode, 200);
    // Nor a blocked status: that is an administrator's decision, kept apart from guessing.
    const [row] = await t.db.query<{ blocked: boolean }>('SELECT blocked FROM accounts WHERE email = $1', [
      ANNA,
    ]);
    assert.equal(row?.blocked, false);
  });

  it('should count wrong X-Authorization-Password values like failed logins of that client', async () => {
    const session = await t.login(ANNA);
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/accounts/${ANNA}/password`,
        headers: { ...authHeaders(session), 'x-authorization-password': current },
        payload: { password: NEW_PASSWORD },
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await change('Not-the-password-1')).statusCode);
    assert.deepEqual(codes, [401, 401, 401, 401, 429]);
    // This client waits now: even the right password is refused, by this call and by login.
    assert.equal((await change(DEMO_PASSWORD)).statusCode, 429);
    assert.equal((await login(t, ANNA, DEMO_PASSWORD)).statusCode, 429);
  });

  it('should make every client wait after 100 wrong passwords for an address in a day, until a reset link is completed', async () => {
    for (let i = 0; i < 100; i += 1) {
      const response = await login(t, ANNA, 'Wrong-password-1', `192.0.2.${i % 50}`);
      assert.ok([401, 429].includes(response.statusCode), response.body);
    }
    const elsewhere = await login(t, ANNA, DEMO_PASSWORD, '198.51.100.99');
    assert.equal(elsewhere.statusCode, 429, 'spread over many clients, the guessing still stops');
    assert.ok(Number(elsewhere.headers['retry-after']) > 23 * 3600);
    // The student proves the mailbox with a reset link and is in at once.
    await t.app.inject({ method: 'PUT', url: `/api/accounts/${ANNA}/reset/password`, headers: XSRF_ONLY });
    const mail = (await t.outbox()).find((m) => m.to === ANNA && m.subject === 'Set a new password');
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${ANNA}/password`,
      headers: { ...XSRF_ONLY, 'x-authorization-token': linkToken(mail?.links[0] ?? '') },
      payload: { password: NEW_PASSWORD },
    });
    assert.equal(set.statusCode, 204, set.body);
    assert.equal((await login(t, ANNA, NEW_PASSWORD, '198.51.100.99')).statusCode, 200);
  });

  it('should still refuse an account blocked by its status with 403', async () => {
    assert.equal((await login(t, 'blocked.user@example.com', DEMO_PASSWORD)).statusCode, 403);
  });

  it('should answer a reset request before any work that depends on the account', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (mail) => {
      await gate;
      return send(mail);
    };
    try {
      const known = await t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${ANNA}/reset/password`,
        headers: XSRF_ONLY,
      });
      assert.equal(known.statusCode, 204, 'answered while the mail is still being written');
    } finally {
      release();
      t.mailer.send = send;
    }
    assert.equal(
      (await t.outbox()).filter((mail) => mail.to === ANNA && mail.subject.includes('password')).length,
      1,
    );
  });
});

describe('mailed links are revoked', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon());
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  const requestReset = (email: string) =>
    t.app.inject({ method: 'PUT', url: `/api/accounts/${email}/reset/password`, headers: XSRF_ONLY });
  const resetToken = async (email: string) => {
    await requestReset(email);
    const mail = (await t.outbox()).find((m) => m.to === email && m.subject === 'Set a new password');
    return linkToken(mail?.links[0] ?? '');
  };
  const check = (email: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/accounts/${email}/`,
      headers: { 'x-authorization-token': token },
    });

  it('should revoke an older reset link when a newer one is sent', async () => {
    const first = await resetToken(ANNA);
    const second = await resetToken(ANNA);
    assert.notEqual(first, second);
    assert.equal((await check(ANNA, first)).statusCode, 401);
    assert.equal((await check(ANNA, second)).statusCode, 200);
  });

  it('should revoke reset links when the password is changed while logged in', async () => {
    const token = await resetToken(ANNA);
    const session = await t.login(ANNA);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${ANNA}/password`,
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
      payload: { password: NEW_PASSWORD },
    });
    assert.equal(change.statusCode, 204, change.body);
    assert.equal((await check(ANNA, token)).statusCode, 401);
  });

  it('should revoke the activation link when the password is set through a reset link', async () => {
    const student = 'new.student@example.com';
    const activation = (await t.outbox()).find((m) => m.to === student)?.links[0] ?? '';
    const activationToken = linkToken(activation);
    assert.equal((await check(student, activationToken)).statusCode, 200);
    const reset = await resetToken(student);
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${student}/password`,
      headers: { ...XSRF_ONLY, 'x-authorization-token': reset },
      payload: { password: NEW_PASSWORD },
    });
    assert.equal(set.statusCode, 204, set.body);
    assert.equal((await check(student, activationToken)).statusCode, 401);
  });

  it('should revoke links sent to the old address, tell it, and end other sessions on an e-mail change', async () => {
    const oldLink = await resetToken(ANNA);
    const other = await t.login(ANNA);
    const session = await t.login(ANNA);
    const request = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${ANNA}/reset/username`,
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
      payload: { newUsername: 'anna.new@example.com' },
    });
    assert.equal(request.statusCode, 204, request.body);
    const confirm = (await t.outbox()).find((m) => m.to === 'anna.new@example.com')?.links[0] ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/anna.new@example.com/username`,
      headers: { ...authHeaders(session), 'x-authorization-token': linkToken(confirm) },
      payload: { newUsername: 'anna.new@example.com' },
    });
    assert.equal(done.statusCode, 204, done.body);
    assert.equal((await check(ANNA, oldLink)).statusCode, 401);
    const notice = (await t.outbox()).find(
      (m) => m.to === ANNA && m.subject === 'Your e-mail address was changed',
    );
    assert.ok(notice?.text.includes('anna.new@example.com'));
    const alive = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/checksession', headers: { cookie } });
    assert.equal((await alive(other.cookie)).statusCode, 401);
    assert.equal((await alive(session.cookie)).statusCode, 200);
  });
});

describe('sessions', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon());
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  const checksession = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/checksession', headers: { cookie } });

  it('should end a session 12 hours after login however active it is', async () => {
    const session = await t.login(ANNA);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.now = addMinutes(t.clock.now, 20);
      assert.equal((await checksession(session.cookie)).statusCode, 200, `${minutes}`);
    }
    t.clock.now = addMinutes(t.clock.now, 25);
    assert.equal((await checksession(session.cookie)).statusCode, 401);
  });

  it('should answer 403 on checksession once the account is blocked', async () => {
    const session = await t.login(ANNA);
    await t.db.query("UPDATE accounts SET blocked = TRUE WHERE email = 'anna.devries@example.com'");
    const response = await checksession(session.cookie);
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().code, 'ACCOUNT_BLOCKED');
  });

  it('should delete expired sessions', async () => {
    await t.login(ANNA);
    t.clock.now = addHours(t.clock.now, 13);
    await t.login(BEN);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    assert.equal(rows[0]?.n, 1);
  });

  it('should mark authenticated answers Cache-Control: no-store', async () => {
    const session = await t.login(ANNA);
    for (const url of [
      `/api/en/profiles/${session.profileId}`,
      `/api/en/profiles/${session.profileId}/policies`,
      `/api/en/profiles/${session.profileId}/invoices`,
      `/api/en/profiles/${session.profileId}/claims`,
      '/api/checksession',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
      assert.equal(response.headers['cache-control'], 'no-store', url);
    }
  });
});

describe('passwords', () => {
  it('should hash with scrypt N = 2^17, r = 8, p = 1 by default', async () => {
    assert.equal(loadConfig({}).scryptLogN, 17);
    assert.equal(SCRYPT_LOG_N, 17);
    const hash = await hashPassword('Lantern-Harbour-93!', 17);
    assert.match(hash, /^scrypt\$ln=17,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    assert.ok(await verifyPassword('Lantern-Harbour-93!', hash));
    assert.equal(needsRehash(hash, 17), false);
  });

  it('should rehash an older hash at login', async () => {
    const t = await createTestApp(fixedNoon());
    try {
      // The format before the cost was stored with the hash: Node's default N = 2^14.
      const salt = randomBytes(16);
      const key = scryptSync(DEMO_PASSWORD, salt, 64);
      const real = `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
      await t.db.query('UPDATE accounts SET password_hash = $1 WHERE email = $2', [real, ANNA]);
      assert.equal(needsRehash(real, 10), true);
      assert.equal((await login(t, ANNA, DEMO_PASSWORD)).statusCode, 200);
      const [row] = await t.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM accounts WHERE email = $1',
        [ANNA],
      );
      assert.match(row?.password_hash ?? '', /^scrypt\$ln=10,r=8,p=1\$/);
      assert.equal((await login(t, ANNA, DEMO_PASSWORD)).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  it('should refuse common and breached passwords, also dressed up to pass the rules', async () => {
    assert.equal(isCommonPassword('Password123!'), true);
    assert.equal(isCommonPassword('Welcome2026!'), true);
    assert.equal(isCommonPassword('Qwerty123456!'), true);
    assert.equal(isCommonPassword(NEW_PASSWORD), false);
    assert.equal(isCommonPassword(DEMO_PASSWORD), false);
    const t = await createTestApp(fixedNoon());
    try {
      const session = await t.login(ANNA);
      const response = await t.request({
        method: 'POST',
        url: `/api/accounts/${ANNA}/password`,
        headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: 'Password123!' },
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().fields, [{ field: 'password', code: 'validation.password.common' }]);
    } finally {
      await t.close();
    }
  });

  it('should keep strict limits unless the environment raises them', () => {
    const strict = loadConfig({}).rateLimits;
    assert.ok(strict.authPerMinute <= 10 && strict.mailsPerHour <= 5 && strict.contentPerMinute <= 600);
    assert.equal(loadConfig({ API_RATE_LIMIT_AUTH: '500' }).rateLimits.authPerMinute, 500);
    assert.throws(() => loadConfig({ API_RATE_LIMIT_AUTH: 'lots' }), /API_RATE_LIMIT_AUTH/);
    assert.ok(TEST_RATE_LIMITS.authPerMinute > strict.authPerMinute);
  });
});

describe('content endpoint limits', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon());
  });
  after(() => t.close());

  const ROOT = '/sitecore/content/expat-portal/home';
  const post = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/sitecore/api/graph/edge?sc_apikey=portal-dev-content-key',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
      },
      payload: { query, variables },
    });
    return {
      status: response.statusCode,
      body: response.json<{ data?: unknown; errors?: { message: string }[] }>(),
    };
  };

  it("should still answer the portal's page tree query", async () => {
    const fields = 'id name path pageTitle pageDescription requiresAuth';
    const query = `fragment PageFields on Page { ${fields} }
      query pages($path: String!, $lang: String!) { item(path: $path, language: $lang) {
        pages { ...PageFields pages { ...PageFields pages { ...PageFields pages { ...PageFields } } } } } }`;
    const { status, body } = await post(query, { path: ROOT, lang: 'en' });
    assert.equal(status, 200, JSON.stringify(body.errors));
    assert.equal(body.errors, undefined);
  });

  it('should refuse a query with thousands of aliases before running it', async () => {
    const aliases = Array.from({ length: 3000 }, (_, i) => `a${i}: item(path: "${ROOT}") { id }`).join(' ');
    const { status, body } = await post(`{ ${aliases} }`);
    assert.equal(status, 400);
    assert.equal(body.data, undefined);
    assert.match(body.errors?.[0]?.message ?? '', /token limit/i);
    const fewer = await post(
      `{ ${Array.from({ length: 60 }, (_, i) => `a${i}: item(path: "/") { id }`).join(' ')} }`,
    );
    assert.equal(fewer.status, 400);
    assert.match(fewer.body.errors?.[0]?.message ?? '', /aliases limit of 15/i);
  });

  it('should refuse a query of too many tokens or too much cost', async () => {
    const wide = Array.from({ length: 2500 }, () => 'id').join(' ');
    const tokens = await post(`{ item(path: "${ROOT}") { ${wide} } }`);
    assert.equal(tokens.status, 400);
    assert.match(tokens.body.errors?.[0]?.message ?? '', /token/i);
    const fields = 'id name path pageTitle pageDescription requiresAuth';
    const costly = await post(
      `{ ${Array.from({ length: 12 }, (_, i) => `a${i}: item(path: "${ROOT}") { pages { ${fields} pages { ${fields} pages { ${fields} pages { ${fields} } } } } }`).join(' ')} }`,
    );
    assert.equal(costly.status, 400);
    assert.equal(costly.body.data, undefined);
  });

  it('should refuse introspection and give no field suggestions outside development', async () => {
    const schema = await post('{ __schema { types { name } } }');
    assert.equal(schema.status, 400);
    assert.equal(schema.body.data, undefined);
    const typo = await post(`{ item(path: "${ROOT}") { pageTitl } }`);
    assert.equal(typo.status, 400);
    assert.doesNotMatch(JSON.stringify(typo.body.errors), /Did you mean/);
  });

  it('should allow introspection with the development flag', async () => {
    const dev = await createTestApp(fixedNoon(), { config: { graphqlIntrospection: true } });
    try {
      const response = await dev.app.inject({
        method: 'POST',
        url: '/sitecore/api/graph/edge?sc_apikey=portal-dev-content-key',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
        },
        payload: { query: '{ __schema { queryType { name } } }' },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(loadConfig({ API_GRAPHQL_INTROSPECTION: '1' }).graphqlIntrospection, true);
      assert.equal(loadConfig({}).graphqlIntrospection, false);
    } finally {
      await dev.close();
    }
  });
});

describe('policy change rules', () => {
  const start = fixedNoon();
  const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');
  let t: TestApp;
  let anna: Awaited<ReturnType<TestApp['login']>>;
  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login(ANNA);
  });
  after(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url, headers: authHeaders(anna), payload });

  it('should count the 14 days from the original start date, however often it moves', async () => {
    // POL-1001-S starts in 10 days.
    const move = (startDate: string) =>
      post('/api/en/policies/POL-1001-S/changestartdate', { id: 'POL-1001-S', startDate });
    assert.equal((await move(day(24))).statusCode, 200);
    const chained = await move(day(38));
    assert.equal(chained.statusCode, 422, chained.body);
    assert.deepEqual(chained.json().fields, [
      { field: 'startDate', code: 'validation.startDate.postponeTooFar' },
    ]);
    assert.equal((await move(day(12))).statusCode, 200);
    assert.equal((await move(day(24))).statusCode, 200);
    const [row] = await t.db.query<{ original_start_date: string }>(
      "SELECT original_start_date FROM policies WHERE policy_id = 'POL-1001-S'",
    );
    assert.equal(row?.original_start_date, day(10));
  });

  it('should cap a renewal at 5 years, with a message', async () => {
    const renewal = {
      id: 'POL-1001-T',
      endDate: '9999-12-31',
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
      preExistingAgreed: true,
    };
    const response = await post('/api/en/policies/POL-1001-T/addperiod', renewal);
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json().fields, [{ field: 'endDate', code: 'validation.renewal.tooLong' }]);
    const calculate = await post('/api/en/policies/POL-1001-T/calculate', {
      id: 'POL-1001-T',
      kind: 'ADDPERIOD',
      endDate: '9999-12-31',
      paymentTerm: 'YEARLY',
    });
    assert.equal(calculate.statusCode, 400, calculate.body);
    assert.deepEqual(calculate.json().fields, [{ field: 'endDate', code: 'validation.renewal.tooLong' }]);
  });

  it('should refuse unknown fields in an anonymous request and store only the validated output', async () => {
    const request = {
      insuranceType: 'STAY',
      startDate: day(30),
      endDate: day(200),
      destination: 'DE',
      countryOfOrigin: 'NL',
      person: {
        gender: 'MALE',
        firstName: '  Ada  ',
        surname: 'Lovelace',
        birthDate: '2000-01-01',
        nationality: 'NL',
        email: 'ada@example.com',
      },
    };
    const send = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/en/requests', headers: XSRF_ONLY, payload });
    const junk = await send({ ...request, junk: 'x'.repeat(1000), person: { ...request.person, extra: 1 } });
    assert.equal(junk.statusCode, 400, junk.body);
    assert.deepEqual(junk.json().fields, [
      { field: 'person.extra', code: 'validation.unknownField' },
      { field: 'junk', code: 'validation.unknownField' },
    ]);
    const created = await send(request);
    assert.equal(created.statusCode, 201, created.body);
    const [row] = await t.db.query<{ body: { person: { firstName: string } } }>(
      'SELECT body FROM requests WHERE application_number = $1',
      [created.json().applicationNumber],
    );
    assert.equal(row?.body.person.firstName, 'Ada');
  });
});

describe('deployment settings', () => {
  const repoFile = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

  it('should let the api believe X-Forwarded-* only from the host container in docker-compose', () => {
    const compose = parseYaml(repoFile('docker-compose.yml')) as {
      services: Record<
        string,
        { environment: Record<string, string>; networks?: Record<string, { ipv4_address?: string }> }
      >;
    };
    const hostAddress = compose.services.host?.networks?.default?.ipv4_address;
    assert.ok(hostAddress);
    assert.equal(compose.services.api?.environment.TRUST_PROXY, `\${TRUST_PROXY:-${hostAddress}}`);
    // The dev outbox (every mailed link) is never on in the compose stack: the host leaves it off by
    // default, and the api in production mode refuses to start with it on.
    for (const service of ['host', 'api'])
      assert.ok(
        [undefined, '0', '${API_DEV_OUTBOX:-0}'].includes(
          compose.services[service]?.environment.API_DEV_OUTBOX,
        ),
        service,
      );
    assert.equal(compose.services.api?.environment.NODE_ENV ?? 'production', 'production');
  });

  it('should build production bundles with hidden source maps only', () => {
    assert.match(repoFile('configs/webpack.prod.cjs'), /devtool: 'hidden-source-map'/);
  });
});
