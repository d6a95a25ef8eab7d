import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addHours, addMinutes } from 'date-fns';
import { DEMO_PASSWORD } from '../src/seed/seed.js';
import { XSRF_ONLY, authHeaders, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

const ANNA = 'anna.devries@example.com';
const NEW_PASSWORD = 'Fresh-Start-2026!';
const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe('accounts', () => {
  const start = fixedNoon();
  let t: TestApp;

  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  const account = (email: string, rest = '') => `/api/accounts/${encodeURIComponent(email)}/${rest}`;

  async function loginStatus(email: string, password: string): Promise<number> {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { ...XSRF_ONLY, authorization: basic(email, password) },
    });
    return response.statusCode;
  }

  /** Token and e-mail of the newest mailed link of that kind to `to`. */
  async function mailedLink(to: string, kind: 'setpassword' | 'confirm-email') {
    const mail = (await t.outbox()).find((m) => m.to === to);
    assert.ok(mail, `no mail to ${to}`);
    const link = mail.links[0] ?? '';
    assert.ok(link.startsWith(`http://localhost:8080/en/${kind}/`), link);
    assert.ok(mail.text.includes(link) && mail.html.includes(link));
    const [, token = '', email = ''] = new RegExp(`/en/${kind}/([^/]+)/(.+)$`).exec(link) ?? [];
    assert.ok(token.length >= 22, 'at least 128 random bits');
    return { token, email: decodeURIComponent(email) };
  }

  const tokenHeaders = (token: string) => ({ ...XSRF_ONLY, 'x-authorization-token': token });

  async function sessionStatus(session: { cookie: string }): Promise<number> {
    const response = await t.request({
      method: 'GET',
      url: '/api/checksession',
      headers: { cookie: session.cookie },
    });
    return response.statusCode;
  }

  describe('ending other sessions', () => {
    it('should end the other sessions but keep this one when the password is changed while logged in', async () => {
      const here = await t.login(ANNA);
      const elsewhere = await t.login(ANNA);
      const chen = await t.login('chen.li@example.com');
      const response = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: { ...authHeaders(here), 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(await sessionStatus(here), 200);
      assert.equal(await sessionStatus(elsewhere), 401);
      assert.equal(await sessionStatus(chen), 200, "another student's session is untouched");
    });

    it('should end every session when the password is set with a mailed link', async () => {
      const before = await t.login(ANNA);
      await t.request({ method: 'PUT', url: account(ANNA, 'reset/password'), headers: XSRF_ONLY });
      const { token } = await mailedLink(ANNA, 'setpassword');
      const set = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: tokenHeaders(token),
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(set.statusCode, 204, set.body);
      assert.equal(await sessionStatus(before), 401);
      assert.equal(await loginStatus(ANNA, NEW_PASSWORD), 200);
    });
  });

  describe('set password while logged in', () => {
    it('should change the password with the current one in X-Authorization-Password', async () => {
      const anna = await t.login(ANNA);
      const response = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: { ...authHeaders(anna), 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(await loginStatus(ANNA, DEMO_PASSWORD), 401);
      assert.equal(await loginStatus(ANNA, NEW_PASSWORD), 200);
    });

    it('should answer 401 for a wrong current password or no session, 403 for another account', async () => {
      const anna = await t.login(ANNA);
      const wrong = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: { ...authHeaders(anna), 'x-authorization-password': 'not-my-password' },
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(wrong.statusCode, 401);
      assert.equal(wrong.json().code, 'INVALID_PASSWORD');
      assert.equal(wrong.json().message, 'Invalid password.');
      const anonymous = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: { ...XSRF_ONLY, 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(anonymous.statusCode, 401);
      const other = await t.request({
        method: 'POST',
        url: account('chen.li@example.com', 'password'),
        headers: { ...authHeaders(anna), 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(other.statusCode, 403);
      const weak = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: { ...authHeaders(anna), 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: 'lowercase-only1' },
      });
      assert.equal(weak.statusCode, 400);
      assert.deepEqual(weak.json().fields, [{ field: 'password', code: 'validation.password.uppercase' }]);
      const noSpecial = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: { ...authHeaders(anna), 'x-authorization-password': DEMO_PASSWORD },
        payload: { password: 'NoSpecialChar2026' },
      });
      assert.deepEqual(noSpecial.json().fields, [{ field: 'password', code: 'validation.password.special' }]);
      assert.equal(await loginStatus(ANNA, DEMO_PASSWORD), 200);
    });
  });

  describe('set password with a mailed link', () => {
    it('should mail a link whose token sets the password once', async () => {
      const reset = await t.request({
        method: 'PUT',
        url: account(ANNA, 'reset/password'),
        headers: XSRF_ONLY,
      });
      assert.equal(reset.statusCode, 204);
      const { token, email } = await mailedLink(ANNA, 'setpassword');
      assert.equal(email, ANNA);
      const check = await t.request({ method: 'GET', url: account(email), headers: tokenHeaders(token) });
      assert.deepEqual(check.json(), { username: ANNA });
      const set = await t.request({
        method: 'POST',
        url: account(email, 'password'),
        headers: tokenHeaders(token),
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(set.statusCode, 204, set.body);
      assert.equal(await loginStatus(ANNA, NEW_PASSWORD), 200);
      const reused = await t.request({
        method: 'POST',
        url: account(email, 'password'),
        headers: tokenHeaders(token),
        payload: { password: 'Another-Start-2026!' },
      });
      assert.equal(reused.statusCode, 401);
      assert.equal(reused.json().code, 'INVALID_TOKEN');
      assert.equal(reused.json().message, 'Sorry, this link is invalid or expired.');
      assert.equal(
        (await t.request({ method: 'GET', url: account(email), headers: tokenHeaders(token) })).statusCode,
        401,
      );
      assert.equal(await loginStatus(ANNA, NEW_PASSWORD), 200);
    });

    it('should refuse the token after 1 hour, for another address and without a token', async () => {
      await t.request({ method: 'PUT', url: account(ANNA, 'reset/password'), headers: XSRF_ONLY });
      const { token } = await mailedLink(ANNA, 'setpassword');
      const forChen = await t.request({
        method: 'GET',
        url: account('chen.li@example.com'),
        headers: tokenHeaders(token),
      });
      assert.equal(forChen.statusCode, 401);
      const none = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: XSRF_ONLY,
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(none.statusCode, 401);
      t.clock.now = addMinutes(start, 59);
      assert.equal(
        (await t.request({ method: 'GET', url: account(ANNA), headers: tokenHeaders(token) })).statusCode,
        200,
      );
      t.clock.now = addMinutes(start, 61);
      assert.equal(
        (await t.request({ method: 'GET', url: account(ANNA), headers: tokenHeaders(token) })).statusCode,
        401,
      );
      const expired = await t.request({
        method: 'POST',
        url: account(ANNA, 'password'),
        headers: tokenHeaders(token),
        payload: { password: NEW_PASSWORD },
      });
      assert.equal(expired.statusCode, 401);
      assert.equal(await loginStatus(ANNA, DEMO_PASSWORD), 200);
    });

    it('should answer 204 without mailing for unknown and blocked addresses', async () => {
      const mailsBefore = (await t.outbox()).length;
      for (const email of ['nobody@example.com', 'blocked.user@example.com', 'not-an-address']) {
        const response = await t.request({
          method: 'PUT',
          url: account(email, 'reset/password'),
          headers: XSRF_ONLY,
        });
        assert.equal(response.statusCode, 204, email);
      }
      assert.equal((await t.outbox()).length, mailsBefore);
    });
  });

  describe('change e-mail address', () => {
    const NEW_EMAIL = 'anna.new@example.com';

    async function requestChange(newUsername: string, password = DEMO_PASSWORD) {
      const anna = await t.login(ANNA);
      return t.request({
        method: 'POST',
        url: account(ANNA, 'reset/username'),
        headers: { ...authHeaders(anna), 'x-authorization-password': password },
        payload: { newUsername },
      });
    }

    it('should mail a confirmation link to the new address that completes the change', async () => {
      const requested = await requestChange(NEW_EMAIL);
      assert.equal(requested.statusCode, 204, requested.body);
      const { token, email } = await mailedLink(NEW_EMAIL, 'confirm-email');
      assert.equal(email, NEW_EMAIL);
      assert.equal(
        await loginStatus(ANNA, DEMO_PASSWORD),
        200,
        'nothing changes before the link is followed',
      );
      const check = await t.request({ method: 'GET', url: account(NEW_EMAIL), headers: tokenHeaders(token) });
      assert.deepEqual(check.json(), { username: NEW_EMAIL });
      const confirmed = await t.request({
        method: 'POST',
        url: account(NEW_EMAIL, 'username'),
        headers: tokenHeaders(token),
        payload: { newUsername: NEW_EMAIL },
      });
      assert.equal(confirmed.statusCode, 204, confirmed.body);
      assert.equal(await loginStatus(ANNA, DEMO_PASSWORD), 401);
      const renamed = await t.login(NEW_EMAIL);
      assert.equal(renamed.profileId, 'P-1001');
      const profile = await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001',
        headers: { cookie: renamed.cookie },
      });
      assert.equal(profile.json().username, NEW_EMAIL);
      const again = await t.request({
        method: 'POST',
        url: account(NEW_EMAIL, 'username'),
        headers: tokenHeaders(token),
        payload: { newUsername: NEW_EMAIL },
      });
      assert.equal(again.statusCode, 401);
    });

    it('should answer 401 for a wrong password and 409 EMAIL_EXISTS for a taken address', async () => {
      const wrong = await requestChange(NEW_EMAIL, 'not-my-password');
      assert.equal(wrong.statusCode, 401);
      assert.equal(wrong.json().code, 'INVALID_PASSWORD');
      const taken = await requestChange('Chen.Li@example.com');
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().code, 'EMAIL_EXISTS');
      assert.equal(taken.json().message, 'E-mail address already exists.');
      const invalid = await requestChange('not-an-address');
      assert.equal(invalid.statusCode, 400);
      assert.deepEqual(invalid.json().fields, [{ field: 'newUsername', code: 'validation.email' }]);
      const anonymous = await t.request({
        method: 'POST',
        url: account(ANNA, 'reset/username'),
        headers: { ...XSRF_ONLY, 'x-authorization-password': DEMO_PASSWORD },
        payload: { newUsername: NEW_EMAIL },
      });
      assert.equal(anonymous.statusCode, 401);
      assert.equal((await t.outbox()).filter((mail) => mail.to === NEW_EMAIL).length, 0);
    });

    it('should refuse the confirmation after 24 hours or for another address', async () => {
      await requestChange(NEW_EMAIL);
      const { token } = await mailedLink(NEW_EMAIL, 'confirm-email');
      const otherAddress = await t.request({
        method: 'POST',
        url: account(NEW_EMAIL, 'username'),
        headers: tokenHeaders(token),
        payload: { newUsername: 'someone.else@example.com' },
      });
      assert.equal(otherAddress.statusCode, 401);
      const oldAddressLink = await t.request({
        method: 'POST',
        url: account(ANNA, 'username'),
        headers: tokenHeaders(token),
        payload: { newUsername: NEW_EMAIL },
      });
      assert.equal(oldAddressLink.statusCode, 401);
      t.clock.now = addHours(start, 23);
      assert.equal(
        (await t.request({ method: 'GET', url: account(NEW_EMAIL), headers: tokenHeaders(token) }))
          .statusCode,
        200,
      );
      t.clock.now = addHours(start, 24);
      const expired = await t.request({
        method: 'POST',
        url: account(NEW_EMAIL, 'username'),
        headers: tokenHeaders(token),
        payload: { newUsername: NEW_EMAIL },
      });
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().code, 'INVALID_TOKEN');
      t.clock.now = start;
      assert.equal(await loginStatus(ANNA, DEMO_PASSWORD), 200);
      assert.equal(await loginStatus(NEW_EMAIL, DEMO_PASSWORD), 401);
    });

    it('should answer 409 when the new address was taken before the link was followed', async () => {
      await requestChange(NEW_EMAIL);
      const { token } = await mailedLink(NEW_EMAIL, 'confirm-email');
      await t.db.query("UPDATE accounts SET email = $1 WHERE id = 'A-1003'", [NEW_EMAIL]);
      const taken = await t.request({
        method: 'POST',
        url: account(NEW_EMAIL, 'username'),
        headers: tokenHeaders(token),
        payload: { newUsername: NEW_EMAIL },
      });
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().code, 'EMAIL_EXISTS');
    });
  });
});
