import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import type { LightMyRequestResponse } from 'fastify';
import { isEmailAddress, normalizeEmail } from '../src/auth/email-address.js';
import { buildApp } from '../src/app.js';
import { createXsrfToken } from '../src/auth/xsrf-token.js';
import { migrate } from '../src/db/db.js';
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
import { createTestDb } from './test-db.js';
import { SoftAuthenticator } from './soft-authenticator.js';
import type { CreationOptions } from './soft-authenticator.js';

// The third security review's findings of the api, one describe each.

const ANNA = 'anna.devries@example.com';
const CHEN = 'chen.li@example.com';
const start = fixedNoon();
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');
const ORIGIN = 'http://localhost:8080';

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

const login = (t: TestApp, email: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/login',
    headers: { ...XSRF_ONLY, authorization: basic(email, password) },
  });

// One app for the whole file (each describe resets it); the limit tests below build their own.
let t: TestApp;
before(async () => {
  t = await createTestApp(start);
});
after(() => t.close());

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assertContractBody(response);
  assert.equal(response.json().code, code);
}

/** Every code point that is a letter (any case), astral ones included. */
function letters(): string[] {
  const all: string[] = [];
  for (let code = 0; code <= 0x10ffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (/\p{L}/u.test(char)) all.push(char);
  }
  return all;
}

describe('one normal form of an e-mail address', () => {
  beforeEach(() => t.reset());

  it('should keep the limit of chen.li@ for chen.lİ@ (U+0130), and refuse that address', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await login(t, CHEN, 'wrong-password-1');
    assertError(await login(t, CHEN, DEMO_PASSWORD), 429, 'RATE_LIMITED');
    // JavaScript lower-cases İ to i + U+0307, which is no address: refused, never a login of its own.
    assertError(await login(t, 'chen.lİ@example.com', DEMO_PASSWORD), 400, 'VALIDATION_FAILED');
    assertError(await login(t, 'CHEN.LI@EXAMPLE.COM', DEMO_PASSWORD), 429, 'RATE_LIMITED');
  });

  it('should give every letter whose lower case differs between the database and JavaScript one form', async () => {
    const all = letters();
    const differing: string[] = [];
    // The database's lower() of every letter, in batches, against JavaScript's.
    for (let from = 0; from < all.length; from += 5000) {
      const batch = all.slice(from, from + 5000);
      const rows = await t.db.query<{ lowered: string[] }>(
        'SELECT array_agg(lower(x)) AS lowered FROM unnest($1::text[]) x',
        [batch],
      );
      const lowered = rows[0]?.lowered ?? [];
      batch.forEach((letter, index) => {
        if (lowered[index] !== letter.toLowerCase()) differing.push(letter);
      });
    }
    // Whatever the server's locale, İ (U+0130) is one of them under any locale that lower-cases it,
    // and under the C locale every letter outside ASCII is.
    assert.ok(differing.length > 0);
    const accounts = await t.db.query<{ email: string }>('SELECT email FROM accounts');
    const stored = new Set(accounts.map((row) => row.email));
    for (const letter of differing) {
      const address = `chen.l${letter}@example.com`;
      const normal = normalizeEmail(address);
      // Either the normal form is a plain address (then it is the one key of every lookup and counter),
      // or it is refused before anything is looked up or counted.
      if (isEmailAddress(normal)) {
        assert.equal(normalizeEmail(normal), normal, letter);
        assert.ok(!stored.has(normal) || normal === CHEN, letter);
      }
      const response = await login(t, address, DEMO_PASSWORD);
      assert.ok([400, 401, 429].includes(response.statusCode), `${letter} ${response.statusCode}`);
      assertContractBody(response);
    }
    // No counter was kept under any other form than the normal one.
    const keys = await t.db.query<{ email: string }>('SELECT DISTINCT email FROM login_throttle');
    for (const { email } of keys) assert.equal(email, normalizeEmail(email));
    assert.ok(keys.every(({ email }) => isEmailAddress(email)));
  });

  it('should log in with the address in any case and spacing, and refuse one that is no address', async () => {
    assert.equal((await login(t, '  Anna.DeVries@Example.COM ', DEMO_PASSWORD)).statusCode, 200);
    const refused = await login(t, 'anna.devries@exa mple.com', DEMO_PASSWORD);
    assertError(refused, 400, 'VALIDATION_FAILED');
    assert.deepEqual(refused.json().fields, [{ field: 'email', code: 'validation.email' }]);
  });

  it('should store a changed address in its normal form', async () => {
    const session = await t.login(CHEN);
    const started = await t.request({
      method: 'POST',
      url: `/api/accounts/${CHEN}/reset/username`,
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
      payload: { newUsername: 'Chen.New@Example.com' },
    });
    assert.equal(started.statusCode, 204, started.body);
    const [token] = await t.db.query<{ new_email: string }>(
      "SELECT new_email FROM account_tokens WHERE kind = 'EMAIL' AND NOT used",
    );
    assert.equal(token?.new_email, 'chen.new@example.com');
    const mail = (await t.outbox()).find((m) => m.subject === 'Confirm your new e-mail address');
    assert.equal(mail?.to, 'chen.new@example.com');
  });
});

describe('a wrong password for a blocked account', () => {
  beforeEach(() => t.reset());

  it('should get the answer of an unknown address, and "blocked" only with the right password', async () => {
    const blocked = await login(t, 'blocked.user@example.com', 'wrong-password-1');
    const unknown = await login(t, 'nobody.here@example.com', 'wrong-password-1');
    assertError(blocked, 401, 'INVALID_CREDENTIALS');
    assertError(unknown, 401, 'INVALID_CREDENTIALS');
    assert.deepEqual(blocked.json(), unknown.json());
    assertError(await login(t, 'blocked.user@example.com', DEMO_PASSWORD), 403, 'ACCOUNT_BLOCKED');
  });
});

describe('lengths before lookups', () => {
  beforeEach(() => t.reset());

  it('should refuse a 6,000-character address at the login with 400, not at the index', async () => {
    const response = await login(t, `${'a'.repeat(6000)}@example.com`, 'wrong-password-1');
    assertError(response, 400, 'VALIDATION_FAILED');
    assert.deepEqual(response.json().fields, [{ field: 'email', code: 'validation.maxLength' }]);
  });

  it('should refuse an over-long address in a reset request and an e-mail change', async () => {
    const long = `${'a'.repeat(300)}@example.com`;
    const session = await t.login(ANNA);
    const change = await t.request({
      method: 'POST',
      url: `/api/accounts/${ANNA}/reset/username`,
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
      payload: { newUsername: long },
    });
    assertError(change, 400, 'VALIDATION_FAILED');
  });

  it('should refuse an over-long query value with 400 before any lookup', async () => {
    const session = await t.login(ANNA);
    const response = await t.request({
      method: 'GET',
      url: `/api/en/policies/POL-1001-T/conditions?latest=${'x'.repeat(3000)}`,
      headers: authHeaders(session),
    });
    assertError(response, 400, 'VALIDATION_FAILED');
    assert.deepEqual(response.json().fields, [{ field: 'latest', code: 'validation.maxLength' }]);
  });

  async function registrationOptions(session: { cookie: string; xsrf: string }) {
    const options = await t.request({
      method: 'POST',
      url: '/api/passkeys/registration/options',
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
    });
    assert.equal(options.statusCode, 200, options.body);
    return options.json<CreationOptions>();
  }

  it('should refuse a passkey whose credential id is over 1,023 bytes with 400', async () => {
    const session = await t.login(ANNA);
    const long = new SoftAuthenticator(3000);
    const answer = long.register(await registrationOptions(session), ORIGIN);
    // As sent: response.id itself over the limit.
    const asSent = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      headers: authHeaders(session),
      payload: { response: answer },
    });
    assertError(asSent, 400, 'VALIDATION_FAILED');
    // With a short response.id: the id inside the attestation is checked too.
    const short = new SoftAuthenticator().id;
    const hidden = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      headers: authHeaders(session),
      payload: {
        response: { ...long.register(await registrationOptions(session), ORIGIN), id: short, rawId: short },
      },
    });
    assertError(hidden, 400, 'PASSKEY_NOT_ADDED');
    assert.equal((await t.db.query('SELECT 1 FROM passkeys')).length, 0);
  });

  it('should accept a credential id of exactly 1,023 bytes', async () => {
    const session = await t.login(ANNA);
    const longest = new SoftAuthenticator(1023);
    const added = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      headers: authHeaders(session),
      payload: { response: longest.register(await registrationOptions(session), ORIGIN) },
    });
    assert.equal(added.statusCode, 201, added.body);
  });
});

describe('HEAD and GET share a limit', () => {
  let limited: TestApp;
  before(async () => {
    limited = await createTestApp(start, {
      config: { rateLimits: { ...TEST_RATE_LIMITS, verifyCodePerMinute: 4 } },
    });
  });
  after(() => limited.close());

  it('should count HEAD /api/verify/{code} with GET in the short-code limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const method = attempt % 2 === 0 ? 'GET' : 'HEAD';
      const response = await limited.app.inject({
        method,
        url: '/api/verify/ABCDE-FGHJK',
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [404, 404, 404, 404, 429, 429]);
  });
});

describe('passkey names quoted in mails', () => {
  beforeEach(() => t.reset());

  for (const [label, name] of [
    ['a right-to-left override (U+202E)', 'Laptop\u202Eevah uoy fi'],
    ['a first-strong isolate (U+2068)', 'Phone \u2068x\u2069'],
    ['a zero-width space (U+200B)', 'Pho\u200Bne'],
    ['a left-to-right mark (U+200E)', '\u200EPhone'],
  ] as const) {
    it(`should refuse a name with ${label} with a field error, and mail nothing`, async () => {
      const session = await t.login(ANNA);
      const options = await t.request({
        method: 'POST',
        url: '/api/passkeys/registration/options',
        headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
      });
      const answer = new SoftAuthenticator().register(options.json<CreationOptions>(), ORIGIN);
      const added = await t.request({
        method: 'POST',
        url: '/api/passkeys',
        headers: authHeaders(session),
        payload: { response: answer, name },
      });
      assertError(added, 400, 'VALIDATION_FAILED');
      assert.deepEqual(added.json().fields, [{ field: 'name', code: 'validation.text.format' }]);
      assert.ok(!(await t.outbox()).some((mail) => mail.subject === 'A passkey was added to your account'));
    });
  }

  it('should refuse such a name when a passkey is renamed', async () => {
    const session = await t.login(ANNA);
    const options = await t.request({
      method: 'POST',
      url: '/api/passkeys/registration/options',
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
    });
    const answer = new SoftAuthenticator().register(options.json<CreationOptions>(), ORIGIN);
    const added = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      headers: authHeaders(session),
      payload: { response: answer, name: 'Phone' },
    });
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/passkeys/${added.json().id}`,
      headers: authHeaders(session),
      payload: { name: 'Phone\u202E' },
    });
    assertError(renamed, 400, 'VALIDATION_FAILED');
  });
});

async function claimForm(
  fields: Record<string, string>,
  receipts: { name: string; content: string | Uint8Array<ArrayBuffer> }[],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const receipt of receipts) {
    form.append('receipts', new Blob([receipt.content], { type: 'text/html' }), receipt.name);
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

describe("a receipt's name", () => {
  beforeEach(() => t.reset());

  it('should take the extension of the type read from its bytes', async () => {
    const anna = await t.login(ANNA);
    const { payload, contentType } = await claimForm(
      {
        policyNumber: 'TR-2026-100101',
        category: 'CLAIMS',
        incidentDate: day(-3),
        description: 'Doctor visit',
        amount: '12,50',
        iban: 'NL91 ABNA 0417 1643 00',
      },
      [
        { name: 'page.html', content: '%PDF-1.4\n%bill\n' },
        { name: 'scan.JPEG', content: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0]) },
        { name: 'no-extension', content: '%PDF-1.4\n%bill\n' },
      ],
    );
    const filed = await t.request({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...authHeaders(anna), 'content-type': contentType },
      payload,
    });
    assert.equal(filed.statusCode, 201, filed.body);
    const detail = await t.request({
      method: 'GET',
      url: `/api/en/claims/${filed.json().claimNumber}`,
      headers: authHeaders(anna),
    });
    const receipts = detail.json<{ receipts: { id: string; name: string; contentType: string }[] }>()
      .receipts;
    assert.deepEqual(
      receipts.map((receipt) => receipt.name),
      ['page.pdf', 'scan.JPEG', 'no-extension.pdf'],
    );
    const first = receipts[0];
    assert.equal(first?.name, 'page.pdf');
    assert.equal(first?.contentType, 'application/pdf');
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/en/claims/${filed.json().claimNumber}/receipts/${first?.id}`,
      headers: authHeaders(anna),
    });
    assert.equal(download.statusCode, 200);
    assert.match(String(download.headers['content-disposition']), /filename="page\.pdf"/);
  });
});

describe('documents follow cover', () => {
  beforeEach(() => t.reset());

  it("should refuse the certificate and the card of chen's policies without cover with 409 NO_COVER", async () => {
    const chen = await t.login(CHEN);
    const policies = await t.request({
      method: 'GET',
      url: '/api/en/profiles/P-1003/policies',
      headers: authHeaders(chen),
    });
    const list = policies
      .json<{ policyId: string; status: string }[]>()
      .map((policy) => ({ id: policy.policyId, status: policy.status }));
    const without = list.filter((policy) => !['ACTIVE', 'NOT_ACTIVE'].includes(policy.status));
    const covered = list.filter((policy) => ['ACTIVE', 'NOT_ACTIVE'].includes(policy.status));
    assert.ok(without.some((policy) => policy.status === 'DISAPPROVED'));
    assert.ok(without.some((policy) => policy.status === 'CANCELLED'));
    for (const policy of without) {
      for (const document of ['certificate', 'icscard']) {
        const response = await t.request({
          method: 'GET',
          url: `/api/en/policies/${policy.id}/${document}`,
          headers: authHeaders(chen),
        });
        assertError(response, 409, 'NO_COVER');
      }
      // The conditions state no cover: they stay available.
      const conditions = await t.request({
        method: 'GET',
        url: `/api/en/policies/${policy.id}/conditions`,
        headers: authHeaders(chen),
      });
      assert.equal(conditions.statusCode, 200);
    }
    for (const policy of covered) {
      const response = await t.request({
        method: 'GET',
        url: `/api/en/policies/${policy.id}/certificate`,
        headers: authHeaders(chen),
      });
      assert.equal(response.statusCode, 200, `${policy.status} ${response.body.slice(0, 100)}`);
    }
  });
});

describe('the logout', () => {
  beforeEach(() => t.reset());

  it('should end no session without the anti-forgery header (a link on another site)', async () => {
    const anna = await t.login(ANNA);
    const forged = await t.request({ method: 'GET', url: '/api/logout', headers: { cookie: anna.cookie } });
    assertError(forged, 403, 'XSRF_INVALID');
    assert.ok(!forged.cookies.some((cookie) => cookie.name === 'PORTAL_SESSION'));
    const check = await t.request({ method: 'GET', url: '/api/checksession', headers: authHeaders(anna) });
    assert.equal(check.statusCode, 200);
    const logout = await t.request({ method: 'GET', url: '/api/logout', headers: authHeaders(anna) });
    assert.equal(logout.statusCode, 204);
    const after = await t.request({ method: 'GET', url: '/api/checksession', headers: authHeaders(anna) });
    assert.equal(after.statusCode, 401);
  });
});

describe('a signed anti-forgery token, bound to the session', () => {
  beforeEach(() => t.reset());

  const cookieOf = (response: LightMyRequestResponse, name: string) =>
    response.cookies.findLast((cookie) => cookie.name === name)?.value;
  const contact = (headers: Record<string, string>) =>
    t.request({
      method: 'PUT',
      url: `/api/accounts/${encodeURIComponent(ANNA)}/reset/password`,
      headers,
    });

  it('should refuse a token the client picks, though cookie and header agree', async () => {
    assertError(
      await contact({ cookie: 'XSRF-TOKEN=attacker-chosen', 'x-xsrf-token': 'attacker-chosen' }),
      403,
      'XSRF_INVALID',
    );
    // One made in the right shape but signed with another key.
    const forged = createXsrfToken(Buffer.from('another key of at least thirty-two chars'), '');
    assertError(
      await contact({ cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged }),
      403,
      'XSRF_INVALID',
    );
    assert.equal((await contact(XSRF_ONLY)).statusCode, 204);
  });

  it('should give a visitor a signed token with any answer, and replace one it does not accept', async () => {
    const first = await t.request({ method: 'GET', url: '/api/checksession' });
    const token = cookieOf(first, 'XSRF-TOKEN');
    assert.ok(token);
    assert.equal((await contact({ cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token })).statusCode, 204);
    const replaced = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: 'XSRF-TOKEN=attacker-chosen' },
    });
    const fresh = cookieOf(replaced, 'XSRF-TOKEN');
    assert.ok(fresh && fresh !== 'attacker-chosen');
    // A token it accepts stays as it is.
    const kept = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: `XSRF-TOKEN=${token}` },
    });
    assert.equal(cookieOf(kept, 'XSRF-TOKEN'), undefined);
  });

  it('should take a token of the session in the header when the cookie holds a newer one of it', async () => {
    // A first visit: two answers crossed, each set a token, and the page sent the first it read.
    const [first, second] = await Promise.all([
      t.request({ method: 'GET', url: '/api/checksession' }),
      t.request({ method: 'GET', url: '/api/checksession' }),
    ]);
    const read = cookieOf(first, 'XSRF-TOKEN') ?? '';
    const newer = cookieOf(second, 'XSRF-TOKEN') ?? '';
    assert.notEqual(read, newer);
    assert.equal((await contact({ cookie: `XSRF-TOKEN=${newer}`, 'x-xsrf-token': read })).statusCode, 204);
    // Still a token the api made for this session: not one the client picks, nor another session's.
    assertError(
      await contact({ cookie: `XSRF-TOKEN=${newer}`, 'x-xsrf-token': 'attacker-chosen' }),
      403,
      'XSRF_INVALID',
    );
    const chen = await t.login(CHEN);
    assertError(
      await contact({ cookie: `XSRF-TOKEN=${newer}`, 'x-xsrf-token': chen.xsrf }),
      403,
      'XSRF_INVALID',
    );
    // And the cookie must hold one too.
    assertError(
      await contact({ cookie: 'XSRF-TOKEN=attacker-chosen', 'x-xsrf-token': read }),
      403,
      'XSRF_INVALID',
    );
  });

  it("should renew the token at login, refuse the one from before it and another session's", async () => {
    const before = XSRF_ONLY['x-xsrf-token'] ?? '';
    const anna = await t.login(ANNA);
    assert.notEqual(anna.xsrf, before);
    const session = anna.cookie.split(';')[0] ?? '';
    const write = (token: string) =>
      t.request({
        method: 'DELETE',
        url: '/api/sessions',
        headers: { cookie: `${session}; XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      });
    // The anonymous token from before the login: a login-fixation page cannot keep using it.
    assertError(await write(before), 403, 'XSRF_INVALID');
    const chen = await t.login(CHEN);
    assertError(await write(chen.xsrf), 403, 'XSRF_INVALID');
    assert.equal((await write(anna.xsrf)).statusCode, 200);
    const logout = await t.request({ method: 'GET', url: '/api/logout', headers: authHeaders(anna) });
    assert.equal(logout.statusCode, 204);
    const afterLogout = cookieOf(logout, 'XSRF-TOKEN');
    assert.ok(afterLogout && afterLogout !== anna.xsrf, 'the logout sets a token for no session');
    assert.equal(
      (await contact({ cookie: `XSRF-TOKEN=${afterLogout}`, 'x-xsrf-token': afterLogout })).statusCode,
      204,
    );
  });

  it('should sign with a key kept in the database without XSRF_SECRET, which every replica on it shares', async () => {
    const db = await createTestDb();
    await migrate(db);
    const config = { ...t.config, xsrfSecret: undefined };
    const replicaA = await buildApp({ db, config, mailer: t.mailer });
    const replicaB = await buildApp({ db, config, mailer: t.mailer });
    const otherDb = await createTestDb();
    await migrate(otherDb);
    const elsewhere = await buildApp({ db: otherDb, config, mailer: t.mailer });
    try {
      const token = cookieOf(
        await replicaA.inject({ method: 'GET', url: '/api/checksession' }),
        'XSRF-TOKEN',
      );
      assert.ok(token);
      const headers = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
      const logout = (app: typeof replicaA) => app.inject({ method: 'GET', url: '/api/logout', headers });
      assert.equal((await logout(replicaB)).statusCode, 204);
      assert.equal((await logout(elsewhere)).statusCode, 403);
    } finally {
      await replicaA.close();
      await replicaB.close();
      await elsewhere.close();
      await db.close();
      await otherDb.close();
    }
  });
});

// Anna (born 2003-04-12) holds TR-2026-100101, which runs from 60 days ago to 305 days ahead (seed).
const VISITOR_CLAIM = {
  policyNumber: 'TR-2026-100101',
  birthDate: '2003-04-12',
  category: 'CLAIMS',
  incidentDate: day(-3),
  description: 'Taxi to the hospital after a fall',
  amount: '48,20',
  iban: 'DE89 3704 0044 0532 0130 00',
};
const PDF_RECEIPT = { name: 'taxi.pdf', content: '%PDF-1.4\n%bill\n' };

async function fileAsVisitor(app: TestApp, fields: Record<string, string>, remoteAddress = '198.51.100.7') {
  const { payload, contentType } = await claimForm(fields, [PDF_RECEIPT]);
  return app.request({
    method: 'POST',
    url: '/api/en/visitor-claims',
    remoteAddress,
    headers: { ...XSRF_ONLY, 'content-type': contentType },
    payload,
  });
}

const confirmationToken = (link: string) => /\/en\/confirm-claim\/([^/?#]+)$/.exec(link)?.[1] ?? '';

describe('a visitor claim needs the policyholder', () => {
  beforeEach(() => t.reset());

  async function filed() {
    const response = await fileAsVisitor(t, { ...VISITOR_CLAIM, iban: 'NL91 ABNA 0417 1643 00' });
    assert.equal(response.statusCode, 201, response.body);
    const claimNumber = response.json<{ claimNumber: string }>().claimNumber;
    const mail = (await t.outbox()).find((m) => m.subject === 'Confirm the claim filed on your policy');
    assert.ok(mail, 'the policyholder is mailed at once');
    return { claimNumber, mail, token: confirmationToken(mail.links[0] ?? '') };
  }

  it('should mail the policyholder in her own language', async () => {
    await t.db.query(
      "UPDATE profiles SET mail_language = 'nl' WHERE account_id = (SELECT id FROM accounts WHERE email = $1)",
      [ANNA],
    );
    const response = await fileAsVisitor(t, { ...VISITOR_CLAIM, iban: 'NL91 ABNA 0417 1643 00' });
    assert.equal(response.statusCode, 201, response.body);
    const claimNumber = response.json<{ claimNumber: string }>().claimNumber;
    const mail = (await t.outbox()).find((m) => m.subject === 'Bevestig de declaratie op je polis');
    assert.ok(mail, 'the policyholder is mailed in Dutch');
    assert.equal(mail.to, ANNA);
    assert.match(mail.text, new RegExp(`declaratie ${claimNumber}`));
    assert.match(mail.text, /Bevestig of weiger de declaratie/);
    assert.match(mail.html, /<html lang="nl">/);
    assert.ok(!mail.text.includes('Taxi to the hospital'), 'the visitor’s free text is not quoted');
  });

  it('should mail the policyholder at once with the claim, the masked IBAN and a link, and keep it waiting', async () => {
    const { claimNumber, mail, token } = await filed();
    assert.equal(mail.to, ANNA);
    assert.match(mail.text, new RegExp(claimNumber));
    assert.match(mail.text, /NL91 \*\*\*\* \*\*\*\* 4300/);
    assert.ok(!mail.text.includes('Taxi to the hospital'), 'the visitor’s free text is not quoted');
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.query<{ holder_confirmation: string; confirmation_token_hash: string }>(
      'SELECT holder_confirmation, confirmation_token_hash FROM claims WHERE claim_number = $1',
      [claimNumber],
    );
    assert.equal(row?.holder_confirmation, 'PENDING');
    assert.notEqual(row?.confirmation_token_hash, token, 'only the hash of the token is kept');
    // Not handled while it waits: no status past RECEIVED (its IBAN is paid only at PAID).
    await assert.rejects(
      t.db.query("UPDATE claims SET status = 'PAID' WHERE claim_number = $1", [claimNumber]),
      /claims_visitor_waits_for_holder/,
    );
    const shown = await t.request({ method: 'GET', url: `/api/claim-confirmations/${token}` });
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal(shown.json().decision, 'PENDING');
    assert.equal(shown.json().iban, 'NL91 **** **** 4300');
  });

  it('should let her confirm it, after which it may be handled', async () => {
    const { claimNumber, token } = await filed();
    const confirmed = await t.request({
      method: 'POST',
      url: `/api/claim-confirmations/${token}`,
      headers: XSRF_ONLY,
      payload: { decision: 'CONFIRMED' },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().decision, 'CONFIRMED');
    await t.db.query("UPDATE claims SET status = 'IN_REVIEW' WHERE claim_number = $1", [claimNumber]);
    const again = await t.request({
      method: 'POST',
      url: `/api/claim-confirmations/${token}`,
      headers: XSRF_ONLY,
      payload: { decision: 'REFUSED' },
    });
    assertError(again, 409, 'CLAIM_DECIDED');
  });

  it('should close a refused claim with a history row', async () => {
    const { claimNumber, token } = await filed();
    const refused = await t.request({
      method: 'POST',
      url: `/api/claim-confirmations/${token}`,
      headers: XSRF_ONLY,
      payload: { decision: 'REFUSED' },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    assert.equal(refused.json().decision, 'REFUSED');
    const anna = await t.login(ANNA);
    const detail = await t.request({
      method: 'GET',
      url: `/api/en/claims/${claimNumber}`,
      headers: authHeaders(anna),
    });
    assert.equal(detail.json().status, 'REJECTED');
    assert.deepEqual(
      detail
        .json<{ history: { status: string; reason?: string }[] }>()
        .history.map((step) => [step.status, step.reason ?? null]),
      [
        ['RECEIVED', null],
        ['REJECTED', 'POLICYHOLDER_REFUSED'],
      ],
    );
  });

  it('should answer 404 to a token it never mailed, and 403 to a decision without the anti-forgery header', async () => {
    const { token } = await filed();
    assertError(
      await t.request({ method: 'GET', url: `/api/claim-confirmations/${'A'.repeat(43)}` }),
      404,
      'NOT_FOUND',
    );
    assertError(await t.request({ method: 'GET', url: '/api/claim-confirmations/short' }), 404, 'NOT_FOUND');
    const forged = await t.request({
      method: 'POST',
      url: `/api/claim-confirmations/${token}`,
      payload: { decision: 'CONFIRMED' },
    });
    assertError(forged, 403, 'XSRF_INVALID');
  });

  it("should never count visitors' claims against the student's own quota", async () => {
    const quota = await createTestApp(start, {
      config: {
        rateLimits: { ...TEST_RATE_LIMITS, claimsPerDay: 2, visitorClaimsPerPolicyPerDay: 3 },
      },
    });
    try {
      for (let n = 0; n < 3; n += 1) {
        assert.equal((await fileAsVisitor(quota, VISITOR_CLAIM)).statusCode, 201);
      }
      // The policy's own limit for visitors, whatever birth date is sent: the 429 tells nothing of the pair.
      const fourth = await fileAsVisitor(quota, VISITOR_CLAIM, '198.51.100.8');
      assertError(fourth, 429, 'RATE_LIMITED');
      const wrongDate = await fileAsVisitor(
        quota,
        { ...VISITOR_CLAIM, birthDate: '1999-01-01' },
        '198.51.100.9',
      );
      assertError(wrongDate, 429, 'RATE_LIMITED');
      // Anna still files her own claims.
      const anna = await quota.login(ANNA);
      const own = await claimForm(
        {
          policyNumber: VISITOR_CLAIM.policyNumber,
          category: 'CLAIMS',
          incidentDate: day(-2),
          description: 'Pharmacy',
          amount: '9,90',
          iban: 'NL91 ABNA 0417 1643 00',
        },
        [PDF_RECEIPT],
      );
      const filedByAnna = await quota.request({
        method: 'POST',
        url: '/api/en/claims',
        headers: { ...authHeaders(anna), 'content-type': own.contentType },
        payload: own.payload,
      });
      assert.equal(filedByAnna.statusCode, 201, filedByAnna.body);
    } finally {
      await quota.close();
    }
  });
});

describe('one answer for the visitor pair', () => {
  beforeEach(() => t.reset());

  it('should give a wrong pair and a right pair with a date outside the policy the same status, code and body', async () => {
    const outside = await fileAsVisitor(t, { ...VISITOR_CLAIM, incidentDate: day(-400) });
    const wrongPair = await fileAsVisitor(t, {
      ...VISITOR_CLAIM,
      birthDate: '2003-04-13',
      incidentDate: day(-400),
    });
    const unknownNumber = await fileAsVisitor(t, { ...VISITOR_CLAIM, policyNumber: 'TR-2026-999999' });
    for (const response of [outside, wrongPair, unknownNumber])
      assertError(response, 422, 'POLICY_NOT_FOUND');
    assert.deepEqual(outside.json(), wrongPair.json());
    assert.deepEqual(outside.json(), unknownNumber.json());
    assert.equal((await t.outbox()).filter((m) => m.subject.startsWith('Confirm the claim')).length, 0);
  });
});
