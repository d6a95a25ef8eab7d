import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { InjectOptions } from 'fastify';
import { registerErrorHandling } from '../src/errors.js';
import {
  XSRF_ONLY,
  assertContractBody,
  authHeaders,
  createTestApp,
  fixedNoon,
  signedXsrf,
} from './helpers.js';

/** A token bound to the session cookie `%00`, as the api reads it. */
const nulXsrf = signedXsrf('\u0000');
import type { TestApp } from './helpers.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe('control characters and broken Unicode', () => {
  let t: TestApp;
  let anna: Session;

  before(async () => {
    t = await createTestApp(fixedNoon());
    anna = await t.login('anna.devries@example.com');
  });
  after(() => t.close());

  const expect400 = async (options: InjectOptions, field: string) => {
    const response = await t.app.inject(options);
    assert.equal(response.statusCode, 400, `${options.method} ${String(options.url)}: ${response.body}`);
    assertContractBody(response);
    assert.deepEqual(
      response.json().fields.find((f: { field: string }) => f.field === field),
      { field, code: 'validation.text.invalid' },
      response.body,
    );
  };

  it('should answer a login whose Basic e-mail holds a NUL byte with 400 and the field', async () => {
    await expect400(
      {
        method: 'POST',
        url: '/api/login',
        headers: { ...XSRF_ONLY, authorization: basic('anna.devries@example.com\u0000', 'whatever-long') },
      },
      'email',
    );
  });

  it('should treat a session cookie this api never issued as no session, without asking the database', async () => {
    for (const cookie of ['PORTAL_SESSION=%00', 'PORTAL_SESSION=%ED%A0%80', 'PORTAL_SESSION=abc']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/checksession', headers: { cookie } });
      assert.equal(response.statusCode, 401, cookie);
      assertContractBody(response);
    }
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: `PORTAL_SESSION=%00; XSRF-TOKEN=${nulXsrf}`, 'x-xsrf-token': nulXsrf },
    });
    assert.equal(logout.statusCode, 204);
  });

  it('should check ids in paths before any query', async () => {
    await expect400({ method: 'GET', url: '/api/en/documents/DOC%00', headers: authHeaders(anna) }, 'id');
    await expect400(
      { method: 'GET', url: `/api/en/profiles/${anna.profileId}%00`, headers: authHeaders(anna) },
      'profileId',
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/en/invoices/INV%00/payment',
        headers: authHeaders(anna),
        payload: { method: 'IDEAL', returnUrl: '/en/invoices' },
      },
      'invoiceNumber',
    );
    await expect400({ method: 'GET', url: '/api/accounts/a%00@example.com/' }, 'id');
    await expect400(
      { method: 'PUT', url: '/api/accounts/a%00@example.com/reset/password', headers: XSRF_ONLY },
      'id',
    );
    await expect400({ method: 'GET', url: '/pacos?pc=1012%00&nr=1' }, 'pc');
  });

  it('should answer a URL that cannot be decoded with the contract body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/en/documents/%E0%A4%A' });
    assert.equal(response.statusCode, 400);
    assertContractBody(response);
  });

  it('should refuse a mailed-link token that is not one this api issued', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/anna.devries@example.com/',
      headers: { 'x-authorization-token': 'x\u0000y' },
    });
    assert.equal(response.statusCode, 401);
    assertContractBody(response);
  });

  it('should reject NUL bytes and lone surrogates in JSON bodies with 400 and the field', async () => {
    const contact =
      '{"isCustomer":"NO","category":"CLAIMS","name":"Ada\\u0000","email":"ada@example.com","subject":"S","question":"\\ud800"}';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal/contactexpats',
      headers: { ...XSRF_ONLY, 'content-type': 'application/json' },
      payload: contact,
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json().fields, [
      { field: 'name', code: 'validation.text.invalid' },
      { field: 'question', code: 'validation.text.invalid' },
    ]);
    await expect400(
      {
        method: 'POST',
        url: `/api/en/profiles/${anna.profileId}/`,
        headers: { ...authHeaders(anna), 'content-type': 'application/json' },
        payload:
          '{"gender":"FEMALE","firstName":"Anna\\u0000","surname":"de Vries","birthDate":"2001-04-12","countryOfOrigin":"NL","nationality":"NL"}',
      },
      'firstName',
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/en/policies/POL-1001-T/address',
        headers: { ...authHeaders(anna), 'content-type': 'application/json' },
        payload:
          '{"id":"POL-1001-T","postalCode":"10115","houseNumber":"1","street":"Unter den Linden\\udc00","city":"Berlin","country":"DE"}',
      },
      'street',
    );
  });
});

describe('answers that cannot be sent as they are', () => {
  it('should answer a header value with a line break with the contract 500, not the framework default body', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    // What a stored return URL with CR/LF did in a redirect.
    app.get('/redirect', async (_request, reply) => reply.redirect('/en/invoices\r\nSet-Cookie: x=1', 302));
    const response = await app.inject({ url: '/redirect' });
    assert.equal(response.statusCode, 500);
    assertContractBody(response);
    assert.equal(response.headers.location, undefined);
    assert.equal(response.headers['set-cookie'], undefined);
    await app.close();
  });
});
