import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addMinutes, addSeconds } from 'date-fns';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_PASSKEYS } from '../src/auth/passkeys.js';
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
import { SoftAuthenticator } from './soft-authenticator.js';
import type { CreationOptions, RequestOptions } from './soft-authenticator.js';

const ANNA = 'anna.devries@example.com';
const BEN = 'ben.okafor@example.com';
// The api's default public origin (API_PUBLIC_ORIGIN), so the relying party is "localhost".
const ORIGIN = 'http://localhost:8080';

type Session = { cookie: string; xsrf: string };

function assertRefused(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assertContractBody(response);
  assert.equal(response.json().code, code);
}

describe('passkeys', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon());
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  const registrationOptions = (session: Session, password = DEMO_PASSWORD) =>
    t.request({
      method: 'POST',
      url: '/api/passkeys/registration/options',
      headers: { ...authHeaders(session), 'x-authorization-password': password },
    });

  const submitRegistration = (session: Session, response: unknown, name?: string) =>
    t.request({
      method: 'POST',
      url: '/api/passkeys',
      headers: authHeaders(session),
      payload: { response, ...(name === undefined ? {} : { name }) },
    });

  /** Adds a passkey made by `authenticator` to the logged-in student's account. */
  async function addPasskey(session: Session, authenticator: SoftAuthenticator, name?: string) {
    const options = await registrationOptions(session);
    assert.equal(options.statusCode, 200, options.body);
    const added = await submitRegistration(
      session,
      authenticator.register(options.json<CreationOptions>(), ORIGIN),
      name,
    );
    assert.equal(added.statusCode, 201, added.body);
    return added.json<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>();
  }

  const loginOptions = async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/passkeys/login/options',
      headers: XSRF_ONLY,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<RequestOptions>();
  };

  const passkeyLogin = (response: unknown) =>
    t.request({ method: 'POST', url: '/api/passkeys/login', headers: XSRF_ONLY, payload: { response } });

  const sessionOf = (response: LightMyRequestResponse): Session => {
    const cookie = response.cookies.find((c) => c.name === 'PORTAL_SESSION');
    assert.ok(cookie);
    // The login's answer carries the anti-forgery token bound to the new session.
    const xsrf = response.cookies.findLast((c) => c.name === 'XSRF-TOKEN')?.value;
    assert.ok(xsrf);
    return { cookie: `PORTAL_SESSION=${cookie.value}; XSRF-TOKEN=${xsrf}`, xsrf };
  };

  it('should add a passkey after the password, list it, and log in with it as a normal session', async () => {
    const session = await t.login(ANNA);
    const authenticator = new SoftAuthenticator();
    const options = (await registrationOptions(session)).json<CreationOptions & Record<string, unknown>>();
    assert.equal(options.rp.id, 'localhost');
    assert.deepEqual(options.authenticatorSelection, {
      residentKey: 'required',
      userVerification: 'required',
      requireResidentKey: true,
    });
    // The user handle is random, not the e-mail address.
    assert.equal(Buffer.from(options.user.id, 'base64url').length, 32);
    assert.notEqual(Buffer.from(options.user.id, 'base64url').toString('utf8'), ANNA);
    const added = await submitRegistration(session, authenticator.register(options, ORIGIN), 'Phone');
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.json().name, 'Phone');
    assert.equal(added.json().lastUsedAt, null);

    const [stored] = await t.db.query<Record<string, unknown>>('SELECT * FROM passkeys');
    assert.equal(stored?.credential_id, authenticator.id);
    assert.equal(stored?.backup_eligible, true);
    assert.equal(stored?.backed_up, true);
    assert.deepEqual(stored?.transports, ['internal']);

    t.clock.now = addMinutes(t.clock.now, 1);
    const login = await passkeyLogin(authenticator.assert(await loginOptions(), ORIGIN));
    assert.equal(login.statusCode, 200, login.body);
    assert.deepEqual(login.json(), { firstName: 'Anna', profileId: 'P-1001' });
    const cookie = login.cookies.find((c) => c.name === 'PORTAL_SESSION');
    assert.ok(cookie?.httpOnly);
    assert.equal(cookie.sameSite, 'Lax');
    const check = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: sessionOf(login).cookie },
    });
    assert.equal(check.statusCode, 200);

    const list = await t.request({ method: 'GET', url: '/api/passkeys', headers: authHeaders(session) });
    assert.equal(list.statusCode, 200);
    const [listed] = list.json<{ name: string; lastUsedAt: string | null }[]>();
    assert.equal(listed?.lastUsedAt, t.clock.now.toISOString());
    const [counted] = await t.db.query<{ counter: string }>('SELECT counter FROM passkeys');
    assert.equal(Number(counted?.counter), 1);
  });

  it('should mail the student when a passkey is added', async () => {
    const session = await t.login(ANNA);
    await addPasskey(session, new SoftAuthenticator(), 'Laptop');
    const [mail] = await t.outbox();
    assert.equal(mail?.to, ANNA);
    assert.equal(mail?.subject, 'A passkey was added to your account');
    assert.match(mail?.text ?? '', /"Laptop"/);
    assert.match(mail?.text ?? '', /Profile > Passkeys/);
  });

  it('should refuse to add a passkey with a wrong password (401, counted like a login)', async () => {
    const session = await t.login(ANNA);
    assertRefused(await registrationOptions(session, 'wrong-password'), 401, 'INVALID_PASSWORD');
    // Counted by the login throttle, for this client and for all clients' day.
    const rows = await t.db.query<{ client: string; failures: number }>(
      "SELECT client, failures FROM login_throttle WHERE email = 'anna.devries@example.com' ORDER BY client",
    );
    assert.equal(rows.length, 2);
    assert.ok(rows.every((row) => row.failures === 1));
    assertRefused(
      await t.request({ method: 'POST', url: '/api/passkeys/registration/options', headers: XSRF_ONLY }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('should refuse the 11th passkey with a clear message', async () => {
    const session = await t.login(ANNA);
    for (let i = 0; i < MAX_PASSKEYS; i += 1) await addPasskey(session, new SoftAuthenticator());
    const refused = await registrationOptions(session);
    assertRefused(refused, 409, 'PASSKEY_LIMIT');
    assert.match(refused.json().message, /10 passkeys/);
  });

  it('should refuse the 11th passkey also when its ceremony started at 9', async () => {
    const session = await t.login(ANNA);
    for (let i = 0; i < MAX_PASSKEYS - 1; i += 1) await addPasskey(session, new SoftAuthenticator());
    const first = (await registrationOptions(session)).json<CreationOptions>();
    const second = (await registrationOptions(session)).json<CreationOptions>();
    const a = await submitRegistration(session, new SoftAuthenticator().register(first, ORIGIN));
    assert.equal(a.statusCode, 201, a.body);
    assertRefused(
      await submitRegistration(session, new SoftAuthenticator().register(second, ORIGIN)),
      409,
      'PASSKEY_LIMIT',
    );
  });

  it("should refuse a registration answering another student's challenge, or a used or expired one", async () => {
    const anna = await t.login(ANNA);
    const ben = await t.login(BEN);
    const bensOptions = (await registrationOptions(ben)).json<CreationOptions>();
    assertRefused(
      await submitRegistration(anna, new SoftAuthenticator().register(bensOptions, ORIGIN)),
      400,
      'PASSKEY_NOT_ADDED',
    );

    const options = (await registrationOptions(anna)).json<CreationOptions>();
    const answer = new SoftAuthenticator().register(options, ORIGIN);
    assert.equal((await submitRegistration(anna, answer)).statusCode, 201);
    assertRefused(await submitRegistration(anna, answer), 400, 'PASSKEY_NOT_ADDED');

    const late = (await registrationOptions(anna)).json<CreationOptions>();
    t.clock.now = addSeconds(t.clock.now, 5 * 60 + 1);
    assertRefused(
      await submitRegistration(anna, new SoftAuthenticator().register(late, ORIGIN)),
      400,
      'PASSKEY_NOT_ADDED',
    );
  });

  it('should refuse a registration made for another origin', async () => {
    const session = await t.login(ANNA);
    const options = (await registrationOptions(session)).json<CreationOptions>();
    const phished = new SoftAuthenticator().register(options, 'https://student-insurance.example.net');
    assertRefused(await submitRegistration(session, phished), 400, 'PASSKEY_NOT_ADDED');
    assert.equal((await t.db.query('SELECT 1 FROM passkeys')).length, 0);
  });

  it("should refuse registering a credential that is already another student's", async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(await t.login(BEN), authenticator);
    const anna = await t.login(ANNA);
    const options = (await registrationOptions(anna)).json<CreationOptions>();
    assertRefused(
      await submitRegistration(anna, authenticator.register(options, ORIGIN)),
      409,
      'PASSKEY_EXISTS',
    );
  });

  it("should refuse a login with another student's credential", async () => {
    const annas = new SoftAuthenticator();
    await addPasskey(await t.login(ANNA), annas);
    const bens = new SoftAuthenticator();
    await addPasskey(await t.login(BEN), bens);
    // Ben's authenticator presents Anna's credential id with its own key and handle.
    const forged = { ...bens.assert(await loginOptions(), ORIGIN) };
    const refused = await passkeyLogin({ ...forged, id: annas.id, rawId: annas.id });
    assertRefused(refused, 401, 'PASSKEY_NOT_RECOGNISED');
    assert.equal(refused.json().message, 'This passkey is not recognised. Log in with your password.');
    // Anna's own key, but claiming Ben's account handle.
    assertRefused(
      await passkeyLogin(annas.assert(await loginOptions(), ORIGIN, { userHandle: bens.userHandle })),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
    assert.equal(
      refused.cookies.find((c) => c.name === 'PORTAL_SESSION'),
      undefined,
    );
  });

  it('should refuse a replayed assertion', async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(await t.login(ANNA), authenticator);
    const answer = authenticator.assert(await loginOptions(), ORIGIN);
    assert.equal((await passkeyLogin(answer)).statusCode, 200);
    assertRefused(await passkeyLogin(answer), 401, 'PASSKEY_NOT_RECOGNISED');
  });

  it('should refuse an assertion whose counter went back (a cloned authenticator) on a fresh challenge', async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(await t.login(ANNA), authenticator);
    authenticator.counter = 5;
    assert.equal((await passkeyLogin(authenticator.assert(await loginOptions(), ORIGIN))).statusCode, 200);
    authenticator.counter = 2;
    assertRefused(
      await passkeyLogin(authenticator.assert(await loginOptions(), ORIGIN)),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
  });

  it('should refuse an assertion made for another origin', async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(await t.login(ANNA), authenticator);
    const options = await loginOptions();
    assertRefused(
      await passkeyLogin(authenticator.assert(options, 'https://student-insurance.example.net')),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
    // A phishing page on another host that relays the real rp id still signs its own origin.
    assertRefused(
      await passkeyLogin(
        authenticator.assert({ ...(await loginOptions()), rpId: 'localhost' }, 'http://localhost:9999'),
      ),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
  });

  it('should refuse an expired challenge, a used one and one that was never given', async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(await t.login(ANNA), authenticator);
    const options = await loginOptions();
    t.clock.now = addSeconds(t.clock.now, 5 * 60 + 1);
    assertRefused(await passkeyLogin(authenticator.assert(options, ORIGIN)), 401, 'PASSKEY_NOT_RECOGNISED');

    const used = await loginOptions();
    const refusedFirst = await passkeyLogin({
      ...authenticator.assert(used, ORIGIN),
      id: new SoftAuthenticator().id,
    });
    assertRefused(refusedFirst, 401, 'PASSKEY_NOT_RECOGNISED');
    // The failed try used the challenge up: a right answer to it is too late.
    assertRefused(await passkeyLogin(authenticator.assert(used, ORIGIN)), 401, 'PASSKEY_NOT_RECOGNISED');

    assertRefused(
      await passkeyLogin(authenticator.assert({ challenge: 'bm90LWdpdmVu' }, ORIGIN)),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
    // A registration challenge cannot be used to log in.
    const session = await t.login(ANNA);
    const registration = (await registrationOptions(session)).json<CreationOptions>();
    assertRefused(
      await passkeyLogin(authenticator.assert({ challenge: registration.challenge }, ORIGIN)),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
  });

  it('should answer malformed or hostile login bodies with the contract body, never a 500', async () => {
    const options = await loginOptions();
    const authenticator = new SoftAuthenticator();
    const good = authenticator.assert(options, ORIGIN);
    const bodies: unknown[] = [
      {},
      { response: null },
      { response: { ...good, id: 'a\u0000b' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: 'x'.repeat(9000) } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: '\ud800' } } },
      {
        response: {
          ...good,
          response: { ...good.response, clientDataJSON: Buffer.from('[1').toString('base64url') },
        },
      },
      { response: { ...good, response: { ...good.response, signature: 'AAAA' } } },
      { response: { ...good, type: 'other' } },
    ];
    for (const body of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/passkeys/login',
        headers: XSRF_ONLY,
        payload: body as Record<string, unknown>,
      });
      assert.ok([400, 401].includes(response.statusCode), `${response.statusCode} ${response.body}`);
      assertContractBody(response);
    }
  });

  it('should refuse a blocked account with 403 as the password login does', async () => {
    const authenticator = new SoftAuthenticator();
    await addPasskey(await t.login(ANNA), authenticator);
    await t.db.query("UPDATE accounts SET blocked = TRUE WHERE email = 'anna.devries@example.com'");
    assertRefused(
      await passkeyLogin(authenticator.assert(await loginOptions(), ORIGIN)),
      403,
      'ACCOUNT_BLOCKED',
    );
  });

  it("should rename a passkey, and not touch or show another student's", async () => {
    const anna = await t.login(ANNA);
    const passkey = await addPasskey(anna, new SoftAuthenticator());
    assert.equal(passkey.name, 'Passkey 1');
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/passkeys/${passkey.id}`,
      headers: authHeaders(anna),
      payload: { name: '  Work laptop ' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Work laptop');
    for (const name of ['', 'x'.repeat(65), 'a\u0007b', '\ud800']) {
      const refused = await t.request({
        method: 'PATCH',
        url: `/api/passkeys/${passkey.id}`,
        headers: authHeaders(anna),
        payload: { name },
      });
      assertRefused(refused, 400, 'VALIDATION_FAILED');
    }
    const ben = await t.login(BEN);
    const list = await t.request({ method: 'GET', url: '/api/passkeys', headers: authHeaders(ben) });
    assert.deepEqual(list.json(), []);
    assertRefused(
      await t.request({
        method: 'PATCH',
        url: `/api/passkeys/${passkey.id}`,
        headers: authHeaders(ben),
        payload: { name: 'Mine now' },
      }),
      404,
      'NOT_FOUND',
    );
    assertRefused(
      await t.request({
        method: 'DELETE',
        url: `/api/passkeys/${passkey.id}`,
        headers: { ...authHeaders(ben), 'x-authorization-password': DEMO_PASSWORD },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('should remove a passkey with the password and end the sessions it opened, and no other', async () => {
    const authenticator = new SoftAuthenticator();
    const passwordSession = await t.login(ANNA);
    const passkey = await addPasskey(passwordSession, authenticator);
    const passkeySession = sessionOf(await passkeyLogin(authenticator.assert(await loginOptions(), ORIGIN)));

    const remove = (password: string) =>
      t.request({
        method: 'DELETE',
        url: `/api/passkeys/${passkey.id}`,
        headers: { ...authHeaders(passwordSession), 'x-authorization-password': password },
      });
    assertRefused(await remove('wrong-password'), 401, 'INVALID_PASSWORD');
    assert.equal((await remove(DEMO_PASSWORD)).statusCode, 204);

    const ended = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: passkeySession.cookie },
    });
    assert.equal(ended.statusCode, 401);
    const kept = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: passwordSession.cookie },
    });
    assert.equal(kept.statusCode, 200);
    assertRefused(
      await passkeyLogin(authenticator.assert(await loginOptions(), ORIGIN)),
      401,
      'PASSKEY_NOT_RECOGNISED',
    );
  });

  it('should keep the passkeys at a password reset and list them in the reset mail', async () => {
    const session = await t.login(ANNA);
    await addPasskey(session, new SoftAuthenticator(), 'Phone');
    await addPasskey(session, new SoftAuthenticator(), 'Laptop <b>');
    const reset = await t.request({
      method: 'PUT',
      url: `/api/accounts/${ANNA}/reset/password`,
      headers: XSRF_ONLY,
    });
    assert.equal(reset.statusCode, 204);
    // The reset mail is written after the answer (its timing tells nothing): wait for it.
    let mail;
    for (let i = 0; i < 50 && !mail; i += 1) {
      mail = (await t.outbox()).find((m) => m.subject === 'Set a new password');
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(mail);
    assert.match(mail.text, /Your account has 2 passkeys/);
    // By name, as the student reads a list (several may be added within one clock tick).
    assert.match(mail.text, /- Laptop <b>\n- Phone/);
    assert.match(mail.text, /Profile > Passkeys/);
    assert.match(mail.html, /<li>Laptop &lt;b&gt;<\/li>/);
  });
});

describe('passkey rate limits', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon(), {
      config: { rateLimits: { ...TEST_RATE_LIMITS, authPerMinute: 3 } },
    });
  });
  after(() => t.close());

  it('should answer the 4th passkey login call of a client address in a minute with 429 and Retry-After', async () => {
    for (const url of ['/api/passkeys/login/options', '/api/passkeys/login']) {
      const send = () =>
        t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9', headers: XSRF_ONLY, payload: {} });
      for (let i = 0; i < 3; i += 1) assert.notEqual((await send()).statusCode, 429, url);
      const limited = await send();
      assertRefused(limited, 429, 'RATE_LIMITED');
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60);
    }
  });
});
