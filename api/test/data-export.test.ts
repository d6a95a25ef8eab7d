import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import { DEMO_PASSWORD } from '../src/seed/seed.js';
import {
  XSRF_ONLY,
  annasClaimForm,
  assertContractBody,
  authHeaders,
  createTestApp,
  fixedNoon,
} from './helpers.js';
import type { TestApp } from './helpers.js';
import { SoftAuthenticator } from './soft-authenticator.js';
import type { CreationOptions, RequestOptions } from './soft-authenticator.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

const start = fixedNoon();
const ANNA = 'anna.devries@example.com';
const CHEN = 'chen.li@example.com';
// The api's default public origin (API_PUBLIC_ORIGIN), so the relying party is "localhost".
const ORIGIN = 'http://localhost:8080';
/** Bytes only Anna's receipt holds: the archive must carry the receipt itself. */
const RECEIPT_MARK = 'receipt-of-anna-7f3a91';

/** The entries of a zip, each uncompressed (read with a kept library, as a student's tool would). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function assertRefused(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assertContractBody(response);
  assert.equal(response.json().code, code);
}

describe('data export: download my data', () => {
  let t: TestApp;
  let anna: Session;
  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login(ANNA);
  });
  after(() => t.close());

  const exportData = (session: Session, password = DEMO_PASSWORD, query = '') =>
    t.request({
      method: 'POST',
      url: `/api/data-export${query}`,
      headers: { ...authHeaders(session), 'x-authorization-password': password },
    });

  async function fileClaim(session: Session): Promise<string> {
    const { payload, contentType } = await annasClaimForm(start, [
      ['receipts', new Blob([`%PDF-1.4\n%${RECEIPT_MARK}\n`], { type: 'application/pdf' }), 'doctor.pdf'],
    ]);
    const response = await t.request({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...authHeaders(session), 'content-type': contentType },
      payload,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json<{ claimNumber: string }>().claimNumber;
  }

  it('should give one zip with her data in the contract shapes, her receipts and a summary in her language', async () => {
    const claimNumber = await fileClaim(anna);
    const letter = await t.request({
      method: 'POST',
      url: '/api/en/policies/POL-1001-T/proof',
      headers: authHeaders(anna),
      payload: { language: 'en' },
    });
    assert.equal(letter.statusCode, 201);
    await t.request({
      method: 'PUT',
      url: `/api/accounts/${encodeURIComponent(ANNA)}/reset/password`,
      headers: XSRF_ONLY,
    });
    await t.mailer.idle();

    const response = await exportData(anna, DEMO_PASSWORD, '?lang=nl');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/zip');
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    assert.equal(response.headers['cache-control'], 'no-store');
    const entries = await unzip(response.rawPayload);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));

    const read = async (url: string) =>
      (await t.request({ method: 'GET', url, headers: { cookie: anna.cookie } })).json();
    assert.deepEqual(data.profile, await read(`/api/en/profiles/${anna.profileId}`));
    assert.deepEqual(data.policies, await read(`/api/en/profiles/${anna.profileId}/policies`));
    assert.deepEqual(data.invoices, await read(`/api/en/profiles/${anna.profileId}/invoices`));
    assert.deepEqual(data.claims, [await read(`/api/en/claims/${claimNumber}`)]);
    assert.ok(data.claims[0].history.length >= 1);
    const receiptFile = data.receipts[0].file as string;
    assert.equal(receiptFile, `receipts/${claimNumber}/1-doctor.pdf`);
    assert.ok(entries.get(receiptFile)!.toString('latin1').includes(RECEIPT_MARK));
    assert.equal(data.proofLetters.length, 1);
    assert.match(data.proofLetters[0].code, /^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    assert.deepEqual(Object.keys(data.proofLetters[0]).sort(), [
      'code',
      'issuedAt',
      'language',
      'policyNumber',
    ]);
    assert.equal(data.sessions.length, 1);
    assert.equal(data.sessions[0].current, true);
    assert.deepEqual(data.consent, { analyticsCookies: null });
    assert.ok(data.mails.some((mail: { kind: string }) => mail.kind === 'password-reset'));
    assert.deepEqual(Object.keys(data.mails[0]).sort(), ['kind', 'sentAt', 'subject']);

    const summary = entries.get('summary.html')!.toString('utf8');
    assert.match(summary, /<html lang="nl">/);
    assert.match(summary, /Je gegevens bij Student Insurance/);

    // And she is told: "Was this you?", with the link to her sessions.
    const [notice] = (await t.outbox()).filter(
      (mail) => mail.to === ANNA && mail.subject === 'Was this you?',
    );
    assert.match(notice!.text, /A copy of your data was downloaded/);
  });

  it('should hold no secret of the database and nothing of another student', async () => {
    await fileClaim(anna);
    await t.request({
      method: 'POST',
      url: '/api/en/policies/POL-1001-T/proof',
      headers: authHeaders(anna),
      payload: { language: 'en' },
    });
    // More sessions, tokens and browsers in the database: hers and another student's.
    await t.login(ANNA);
    const chen = await t.login(CHEN);
    await t.request({
      method: 'PUT',
      url: `/api/accounts/${encodeURIComponent(ANNA)}/reset/password`,
      headers: XSRF_ONLY,
    });
    await t.mailer.idle();

    const response = await exportData(anna, DEMO_PASSWORD, '?lang=en');
    assert.equal(response.statusCode, 200, response.body);
    const entries = await unzip(response.rawPayload);
    const text = [...entries.values()].map((entry) => entry.toString('latin1')).join('\n');

    // Every value of every secret column, as text, hex and base64.
    const secrets = await t.db.query<{ value: string }>(
      `SELECT password_hash AS value FROM accounts
       UNION ALL SELECT passkey_user_id FROM accounts WHERE passkey_user_id IS NOT NULL
       UNION ALL SELECT id FROM sessions
       UNION ALL SELECT token_hash FROM account_tokens
       UNION ALL SELECT token_hash FROM proofs_of_cover
       UNION ALL SELECT device_hash FROM known_browsers
       UNION ALL SELECT challenge FROM passkey_challenges
       UNION ALL SELECT credential_id FROM passkeys
       UNION ALL SELECT encode(public_key, 'base64') FROM passkeys
       UNION ALL SELECT value FROM server_keys`,
    );
    assert.ok(secrets.length >= 8, `secrets found: ${secrets.length}`);
    for (const { value } of secrets)
      assert.ok(!text.includes(value), `the export holds a secret: ${value.slice(0, 12)}…`);
    // The QR token itself is never stored; the session id of the request is not in it either.
    assert.ok(!text.includes(anna.cookie.split(';')[0]!.split('=')[1]!));

    // Nothing of another student: her e-mail, profile, policies, claims.
    const [chenProfile] = await t.db.query<{ profile_id: string; first_name: string; surname: string }>(
      'SELECT p.profile_id, p.first_name, p.surname FROM profiles p JOIN accounts a ON a.id = p.account_id WHERE a.email = $1',
      [CHEN],
    );
    const chenClaims = await t.db.query<{ claim_number: string }>(
      'SELECT claim_number FROM claims WHERE profile_id = $1',
      [chenProfile!.profile_id],
    );
    const chenPolicies = await t.db.query<{ policy_id: string }>(
      'SELECT policy_id FROM policies WHERE profile_id = $1',
      [chenProfile!.profile_id],
    );
    for (const value of [
      CHEN,
      chenProfile!.profile_id,
      chenProfile!.surname,
      ...chenClaims.map((row) => row.claim_number),
      ...chenPolicies.map((row) => row.policy_id),
    ])
      assert.ok(!text.includes(value), `the export holds another student's ${value}`);
    assert.ok(chen.cookie);
  });

  it('should ask for the password, refuse bad input with the contract body, and allow three an hour', async () => {
    assertRefused(await exportData(anna, 'wrong-password'), 401, 'INVALID_PASSWORD');
    assertRefused(await exportData(anna, DEMO_PASSWORD, '?lang=de'), 400, 'VALIDATION_FAILED');
    assertRefused(
      await t.request({
        method: 'POST',
        url: '/api/data-export',
        headers: { 'x-authorization-password': DEMO_PASSWORD, ...XSRF_ONLY },
      }),
      401,
      'UNAUTHENTICATED',
    );
    assertRefused(
      await t.request({
        method: 'POST',
        url: '/api/data-export',
        headers: { cookie: anna.cookie, 'x-authorization-password': DEMO_PASSWORD },
      }),
      403,
      'XSRF_INVALID',
    );
    for (let i = 0; i < 3; i += 1) assert.equal((await exportData(anna)).statusCode, 200);
    const limited = await exportData(anna);
    assertRefused(limited, 429, 'RATE_LIMITED');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    // Another student has a limit of her own; an hour later Anna may again.
    assert.equal((await exportData(await t.login(CHEN))).statusCode, 200);
    t.clock.now = new Date(start.getTime() + 61 * 60_000);
    assert.equal((await exportData(await t.login(ANNA))).statusCode, 200);
    // Logged without its contents: when and whose, nothing more.
    const [logged] = await t.db.query<Record<string, unknown>>('SELECT * FROM data_exports LIMIT 1');
    assert.deepEqual(Object.keys(logged!).sort(), ['account_id', 'created_at', 'id']);
  });
});

describe('data export: confirmed with a passkey instead of the password', () => {
  let t: TestApp;
  let anna: Session;
  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login(ANNA);
  });
  after(() => t.close());

  /** Adds a passkey made by `authenticator` to the logged-in student's account, as Profile does. */
  async function addPasskey(session: Session, authenticator: SoftAuthenticator): Promise<void> {
    const options = await t.request({
      method: 'POST',
      url: '/api/passkeys/registration/options',
      headers: { ...authHeaders(session), 'x-authorization-password': DEMO_PASSWORD },
    });
    assert.equal(options.statusCode, 200, options.body);
    const added = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      headers: authHeaders(session),
      payload: { response: authenticator.register(options.json<CreationOptions>(), ORIGIN) },
    });
    assert.equal(added.statusCode, 201, added.body);
  }

  const passkeyOptions = (session: Session) =>
    t.request({ method: 'POST', url: '/api/data-export/passkey-options', headers: authHeaders(session) });

  const exportWith = (session: Session, response: unknown) =>
    t.request({
      method: 'POST',
      url: '/api/data-export?lang=en',
      headers: authHeaders(session),
      payload: { response },
    });

  /** Options for her own passkeys, answered by `authenticator`. */
  async function answer(session: Session, authenticator: SoftAuthenticator) {
    const options = await passkeyOptions(session);
    assert.equal(options.statusCode, 200, options.body);
    return authenticator.assert(options.json<RequestOptions>(), ORIGIN);
  }

  it('should give her zip after her own passkey, once per challenge, and log and mail it like the password', async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(anna, authenticator);
    const options = await passkeyOptions(anna);
    assert.equal(options.statusCode, 200, options.body);
    const offered = options.json<{ allowCredentials: { id: string }[]; userVerification: string }>();
    assert.deepEqual(
      offered.allowCredentials.map((credential) => credential.id),
      [authenticator.id],
    );
    assert.equal(offered.userVerification, 'required');

    const assertion = authenticator.assert(options.json<RequestOptions>(), ORIGIN);
    const response = await exportWith(anna, assertion);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/zip');
    const entries = await unzip(response.rawPayload);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    assert.equal(data.passkeys.length, 1);
    assert.ok(data.passkeys[0].lastUsedAt, 'the passkey is marked as used');
    const logged = await t.db.query('SELECT 1 FROM data_exports');
    assert.equal(logged.length, 1);
    await t.mailer.idle();
    const notices = (await t.outbox()).filter((mail) => mail.to === ANNA && mail.subject === 'Was this you?');
    assert.ok(notices.some((mail) => /A copy of your data was downloaded/.test(mail.text)));

    // The same answer again finds no challenge: a replay is refused.
    assertRefused(await exportWith(anna, assertion), 401, 'PASSKEY_NOT_RECOGNISED');
    assert.equal((await t.db.query('SELECT 1 FROM data_exports')).length, 1);
  });

  it("should refuse another student's passkey, an expired challenge and another student's challenge", async () => {
    const annas = new SoftAuthenticator();
    await addPasskey(anna, annas);
    const chen = await t.login(CHEN);
    const chens = new SoftAuthenticator();
    await addPasskey(chen, chens);

    // Chen's passkey answering the challenge handed to Anna.
    assertRefused(await exportWith(anna, await answer(anna, chens)), 401, 'PASSKEY_NOT_RECOGNISED');
    // Anna's passkey presented with Chen's user handle.
    const options = (await passkeyOptions(anna)).json<RequestOptions>();
    assertRefused(
      await exportWith(anna, annas.assert(options, ORIGIN, { userHandle: chens.userHandle })),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
    // A challenge handed to Chen, answered by Anna's own passkey in Anna's session.
    assertRefused(await exportWith(anna, await answer(chen, annas)), 401, 'PASSKEY_NOT_RECOGNISED');
    // An answer for another site.
    const phished = annas.assert((await passkeyOptions(anna)).json<RequestOptions>(), 'https://example.net');
    assertRefused(await exportWith(anna, phished), 401, 'PASSKEY_NOT_RECOGNISED');
    // Answered after the challenge's five minutes.
    const late = await answer(anna, annas);
    t.clock.now = new Date(start.getTime() + 6 * 60_000);
    assertRefused(await exportWith(anna, late), 401, 'PASSKEY_NOT_RECOGNISED');
    assert.equal((await t.db.query('SELECT 1 FROM data_exports')).length, 0);
  });

  it('should refuse options without a passkey, bad input with the contract body, and share the limit of three an hour', async () => {
    assertRefused(await passkeyOptions(anna), 409, 'NO_PASSKEY');
    const authenticator = new SoftAuthenticator();
    await addPasskey(anna, authenticator);
    for (const bad of [{}, { response: 'x' }, { response: { id: '!', type: 'public-key' } }, []]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/data-export',
        headers: authHeaders(anna),
        payload: bad,
      });
      assertRefused(response, 400, 'VALIDATION_FAILED');
    }
    assertRefused(
      await t.request({
        method: 'POST',
        url: '/api/data-export/passkey-options',
        headers: XSRF_ONLY,
      }),
      401,
      'UNAUTHENTICATED',
    );
    assertRefused(
      await t.request({
        method: 'POST',
        url: '/api/data-export/passkey-options',
        headers: { cookie: anna.cookie },
      }),
      403,
      'XSRF_INVALID',
    );

    // Two with the password and one with the passkey make three; the fourth waits, whichever is used.
    for (let i = 0; i < 2; i += 1) {
      const made = await t.request({
        method: 'POST',
        url: '/api/data-export',
        headers: { ...authHeaders(anna), 'x-authorization-password': DEMO_PASSWORD },
      });
      assert.equal(made.statusCode, 200, made.body);
    }
    assert.equal((await exportWith(anna, await answer(anna, authenticator))).statusCode, 200);
    const limited = await exportWith(anna, await answer(anna, authenticator));
    assertRefused(limited, 429, 'RATE_LIMITED');
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });
});
