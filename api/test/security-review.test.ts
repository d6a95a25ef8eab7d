import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import type { LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { migrate } from '../src/db/db.js';
import type { Db } from '../src/db/db.js';
import { apiPaths } from '../src/paths.js';
import { LIVE_LETTERS_PER_POLICY } from '../src/modules/proofs/routes.js';
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

// The second security review's findings, one describe each (items 1, 2, 5, 6 and 9 of the review).

const ANNA = 'anna.devries@example.com';
const CHEN = 'chen.li@example.com';
const NEW_PASSWORD = 'Lantern-Harbour-93!';
const start = fixedNoon();
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');
const linkToken = (link: string) => /\/en\/[a-z-]+\/([^/]+)\//.exec(link)?.[1] ?? '';

function assertRateLimited(response: LightMyRequestResponse, maxSeconds: number): void {
  assert.equal(response.statusCode, 429, response.body);
  assertContractBody(response);
  assert.equal(response.json().code, 'RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= maxSeconds, String(retryAfter));
}

describe('an e-mail change link and a new password', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  async function startEmailChange(session: { cookie: string; xsrf: string }, to: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${CHEN}/reset/username`,
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
      payload: { newUsername: to },
    });
    assert.equal(response.statusCode, 204, response.body);
    return linkToken((await t.outbox()).find((m) => m.to === to)?.links[0] ?? '');
  }
  const confirm = (to: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/accounts/${to}/username`,
      headers: { ...XSRF_ONLY, 'x-authorization-token': token },
      payload: { newUsername: to },
    });

  it('should revoke a pending e-mail change when the password is changed', async () => {
    const intruder = await t.login(CHEN);
    const token = await startEmailChange(intruder, 'intruder@example.com');
    const chen = await t.login(CHEN);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${CHEN}/password`,
      headers: { ...authHeaders(chen), 'x-authorization-password': DEMO_PASSWORD },
      payload: { password: NEW_PASSWORD },
    });
    assert.equal(change.statusCode, 204, change.body);
    const taken = await confirm('intruder@example.com', token);
    assert.equal(taken.statusCode, 401, taken.body);
    assert.equal(taken.json().code, 'INVALID_TOKEN');
    assert.equal((await t.login(CHEN, NEW_PASSWORD)).profileId, chen.profileId);
  });

  it('should revoke a pending e-mail change when the password is reset by mail', async () => {
    const token = await startEmailChange(await t.login(CHEN), 'intruder@example.com');
    await t.app.inject({ method: 'PUT', url: `/api/accounts/${CHEN}/reset/password`, headers: XSRF_ONLY });
    const reset = (await t.outbox()).find((m) => m.to === CHEN && m.subject === 'Set a new password');
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${CHEN}/password`,
      headers: { ...XSRF_ONLY, 'x-authorization-token': linkToken(reset?.links[0] ?? '') },
      payload: { password: NEW_PASSWORD },
    });
    assert.equal(set.statusCode, 204, set.body);
    assert.equal((await confirm('intruder@example.com', token)).statusCode, 401);
  });
});

describe('mailed tokens at rest', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start);
  });
  after(() => t.close());

  it('should keep only the SHA-256 of a mailed token, and still take the seeded activation link', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/accounts/${ANNA}/reset/password`, headers: XSRF_ONLY });
    const mails = await t.outbox();
    const tokens = mails.flatMap((mail) => mail.links.map(linkToken)).filter(Boolean);
    assert.ok(tokens.length >= 2, 'a reset link and the seeded activation link');
    const stored = (await t.db.query<{ token_hash: string }>('SELECT token_hash FROM account_tokens')).map(
      (row) => row.token_hash,
    );
    for (const token of tokens) {
      assert.ok(!stored.includes(token), 'the token itself is not stored');
      assert.ok(stored.includes(createHash('sha256').update(token).digest('hex')));
    }
    const activation = mails.find((m) => m.to === 'new.student@example.com')?.links[0] ?? '';
    const activate = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/new.student@example.com/activate',
      headers: { ...XSRF_ONLY, 'x-authorization-token': linkToken(activation) },
      payload: { password: NEW_PASSWORD },
    });
    assert.equal(activate.statusCode, 204, activate.body);
  });

  it('should log request URLs without letter codes and content API keys', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ db: t.db, config: t.config, logger: pino({ level: 'info' }, stream) });
    const secret = 'Zq0secret0token0Zq0secret0token0Zq0secret0';
    await app.inject({ method: 'GET', url: `/api/verify/${secret}` });
    await app.inject({
      method: 'POST',
      url: `/sitecore/api/graph/edge?sc_apikey=${secret}`,
      payload: { query: '{ __typename }' },
    });
    await app.close();
    const log = lines.join('');
    assert.match(log, /\/api\/verify\/\[redacted\]/);
    assert.match(log, /sc_apikey=\[redacted\]/);
    assert.ok(!log.includes(secret), log);
  });

  it('should hash the tokens of links mailed before the upgrade, so that they keep working', async () => {
    const db: Db = await createTestDb();
    const older = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      for (const file of [
        '001_init.sql',
        '002_outbox_delivery.sql',
        '003_payments_owner.sql',
        '004_security.sql',
      ]) {
        await cp(path.join(apiPaths.migrations, file), path.join(older, file));
      }
      await migrate(db, older);
      await db.query(
        "INSERT INTO accounts (id, email, password_hash, activated, blocked) VALUES ('A-9', 'old@example.com', 'x', FALSE, FALSE)",
      );
      await db.query(
        "INSERT INTO account_tokens (token, account_id, kind, expires_at) VALUES ('plain-old-token', 'A-9', 'ACTIVATE', now() + interval '1 day')",
      );
      await migrate(db);
      const rows = await db.query<{ token_hash: string }>('SELECT token_hash FROM account_tokens');
      assert.deepEqual(
        rows.map((row) => row.token_hash),
        [createHash('sha256').update('plain-old-token').digest('hex')],
      );
    } finally {
      await rm(older, { recursive: true, force: true });
      await db.close();
    }
  });
});

describe('limits group IPv6 clients by /64', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start, {
      config: { rateLimits: { ...TEST_RATE_LIMITS, verifyCodePerMinute: 10, anonymousWritesPerHour: 2 } },
    });
  });
  after(() => t.close());

  it('should count short-code checks from one /64 together', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 15; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/verify/ABCDE-FGHJK',
        remoteAddress: `2001:db8:0:1::${i.toString(16)}`,
      });
      codes.push(response.statusCode);
    }
    assert.deepEqual(codes.slice(0, 10), Array(10).fill(404));
    assert.deepEqual(codes.slice(10), Array(5).fill(429));
    // The next /64 is another client.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/verify/ABCDE-FGHJK',
      remoteAddress: '2001:db8:0:2::1',
    });
    assert.equal(other.statusCode, 404);
  });

  it('should limit anonymous contact and insurance requests per client', async () => {
    const contact = {
      firstName: 'Sam',
      surname: 'Jansen',
      email: 'sam@example.com',
      question: 'Can I insure my bicycle?',
    };
    for (const [url, payload] of [
      ['/api/portal/contactexpats', contact],
      ['/api/en/requests', {}],
    ] as const) {
      const send = (address: string) =>
        t.app.inject({ method: 'POST', url, headers: XSRF_ONLY, payload, remoteAddress: address });
      for (let i = 1; i <= 2; i += 1)
        assert.notEqual((await send(`2001:db8:5:5::${i}`)).statusCode, 429, url);
      assertRateLimited(await send('2001:db8:5:5::99'), 3600);
      assert.notEqual((await send('2001:db8:5:6::1')).statusCode, 429, `${url}: another client`);
    }
  });
});

describe('proof-of-cover letters are capped', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start, { config: { rateLimits: { ...TEST_RATE_LIMITS, lettersPerHour: 3 } } });
  });
  after(() => t.close());

  const letter = (session: { cookie: string; xsrf: string }, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/en/policies/POL-1001-T/proof',
      headers: authHeaders(session),
      payload: { language: 'en' },
      remoteAddress,
    });

  it('should answer the 4th letter of a client in an hour with 429 and Retry-After', async () => {
    const anna = await t.login(ANNA);
    for (let i = 0; i < 3; i += 1) assert.equal((await letter(anna, '203.0.113.40')).statusCode, 201);
    assertRateLimited(await letter(anna, '203.0.113.40'), 3600);
  });

  it(`should keep at most ${LIVE_LETTERS_PER_POLICY} live codes per policy, withdrawing the oldest`, async () => {
    const anna = await t.login(ANNA);
    const codes: string[] = [];
    for (let i = 0; i < LIVE_LETTERS_PER_POLICY + 2; i += 1) {
      const response = await letter(anna, `198.51.100.${i}`);
      assert.equal(response.statusCode, 201, response.body);
      codes.push(String(response.headers['x-verification-code']));
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
    }
    const [count] = await t.db.query<{ live: number }>(
      "SELECT count(*)::int AS live FROM proofs_of_cover WHERE policy_id = 'POL-1001-T'",
    );
    assert.equal(count?.live, LIVE_LETTERS_PER_POLICY);
    const check = (code: string) => t.app.inject({ method: 'GET', url: `/api/verify/${code}` });
    assert.equal((await check(codes[0]!)).statusCode, 404, 'the oldest letter no longer verifies');
    assert.equal((await check(codes.at(-1)!)).statusCode, 200);
  });
});

/** A claim as multipart/form-data, fields first as the portal sends them. */
async function claimForm(fields: Record<string, string>, receipt: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('receipts', new Blob([receipt], { type: 'application/pdf' }), 'receipt.pdf');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

describe('claim uploads', () => {
  let t: TestApp;
  const claim = {
    policyNumber: 'TR-2026-100101',
    category: 'CLAIMS',
    incidentDate: day(-3),
    description: 'Doctor visit after a bicycle fall',
    amount: '125,50',
    iban: 'NL91 ABNA 0417 1643 00',
  };
  const receipt = new Uint8Array(Buffer.from(`%PDF-1.4\n${'x'.repeat(600_000)}\n`));

  before(async () => {
    t = await createTestApp(start, { config: { rateLimits: { ...TEST_RATE_LIMITS, claimsPerDay: 2 } } });
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  async function submit(session: { cookie: string; xsrf: string }, fields: Record<string, string>) {
    const { payload, contentType } = await claimForm(fields, receipt);
    return t.app.inject({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...authHeaders(session), 'content-type': contentType },
      payload,
    });
  }

  /** Runs `work` and returns the receipt writes it made. */
  async function receiptWrites(work: () => Promise<unknown>): Promise<number> {
    const query = t.db.query.bind(t.db);
    let writes = 0;
    t.db.query = (async (sql: string, params?: unknown[]) => {
      if (/INSERT INTO claim_receipt/.test(sql)) writes += 1;
      return query(sql, params);
    }) as Db['query'];
    try {
      await work();
    } finally {
      t.db.query = query;
    }
    return writes;
  }

  it('should refuse a claim whose fields fail before any receipt is written', async () => {
    const anna = await t.login(ANNA);
    let response: LightMyRequestResponse | undefined;
    const writes = await receiptWrites(async () => {
      response = await submit(anna, { ...claim, amount: 'lots' });
    });
    assert.equal(response?.statusCode, 400, response?.body);
    assert.deepEqual(response?.json().fields, [{ field: 'amount', code: 'validation.amount' }]);
    assert.equal(writes, 0);
  });

  it('should take claimsPerDay claims of a student a day and refuse the next before reading it', async () => {
    const anna = await t.login(ANNA);
    for (let i = 0; i < 2; i += 1) assert.equal((await submit(anna, claim)).statusCode, 201);
    let response: LightMyRequestResponse | undefined;
    const writes = await receiptWrites(async () => {
      response = await submit(anna, claim);
    });
    assertRateLimited(response!, 24 * 3600);
    assert.equal(writes, 0);
    // Another student has a quota of their own.
    assert.equal((await submit(await t.login(CHEN), { ...claim, policyNumber: 'x' })).statusCode, 400);
    t.clock.now = addDays(t.clock.now, 1);
    assert.equal((await submit(await t.login(ANNA), claim)).statusCode, 201);
  });
});

describe('an IBAN change', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start);
  });
  after(() => t.close());

  it('should tell the student by mail, showing only the end of the new IBAN', async () => {
    const anna = await t.login(ANNA);
    const change = (iban: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/en/policies/POL-1001-T/payment',
        headers: authHeaders(anna),
        payload: {
          id: 'POL-1001-T',
          paymentTerm: 'QUARTERLY',
          paymentMethod: 'DIRECT_DEBIT',
          iban,
          bic: 'ABNANL2A',
          accountHolder: 'A. de Vries',
        },
      });
    assert.equal((await change('de89 3704 0044 0532 0130 00')).statusCode, 200);
    const notices = async () =>
      (await t.outbox()).filter((m) => m.to === ANNA && m.subject === 'Your bank account was changed');
    const [notice] = await notices();
    assert.ok(notice, 'a notice is mailed');
    assert.match(notice.text, /DE89 \*\*\*\* \*\*\*\* 3000/);
    assert.doesNotMatch(notice.text, /DE89370400440532013000/);
    // The same IBAN again is no change: "No changes found", and no second notice.
    const again = await change('DE89370400440532013000');
    assert.equal(again.statusCode, 409);
    assert.match(again.json<{ message: string }>().message, /^No changes found/);
    assert.equal((await notices()).length, 1);
  });
});
