import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_PATH_LENGTH } from '../src/contract-guards.js';
import { assertMatchesOperation, createTestApp, openapiOperations } from './helpers.js';
import type { TestApp } from './helpers.js';

/** Methods whose requests Fastify reads a body of: a body of the wrong type is refused with 415. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An operation's path with each parameter filled in with `value`. */
const filled = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

describe('every operation answers within the OpenAPI document', () => {
  let t: TestApp;
  let session: { cookie: string; xsrf: string };

  before(async () => {
    // The payment sandbox's operations are in the document too.
    t = await createTestApp(new Date(), { config: { paymentSandbox: true } });
    session = await t.login('anna.devries@example.com');
  });
  after(() => t.close());

  const operations = openapiOperations();

  it('declares the statuses every operation can answer: a bad address, a too long one, a failure', () => {
    for (const { method, path, operation } of operations) {
      const declared = Object.keys(operation.responses as object);
      const expected = ['400', '414', '500', ...(WITH_BODY.has(method) ? ['413', '415'] : [])];
      for (const status of expected)
        assert.ok(declared.includes(status), `${method} ${path} does not declare ${status}`);
    }
  });

  for (const { method, path, operation } of operations) {
    it(`${method} ${path}: a text/plain body gets ${WITH_BODY.has(method) ? '415' : 'an answer it declares'}`, async () => {
      const response = await t.app.inject({
        method: method as 'GET',
        url: filled(path, 'P-1001'),
        headers: {
          cookie: session.cookie,
          'x-xsrf-token': session.xsrf,
          'content-type': 'text/plain',
        },
        payload: 'policyNumber=TR-2026-100101',
      });
      assertMatchesOperation(operation, `${method} ${path}`, response);
      if (WITH_BODY.has(method)) {
        assert.equal(response.statusCode, 415, `${method} ${path}: ${response.body}`);
        assert.equal(response.json().code, 'UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it(`${method} ${path}: an over-long path gets 414`, async () => {
      const long = 'a'.repeat(MAX_PATH_LENGTH + 1);
      const url = path.includes('{') ? filled(path, long) : `${path.replace(/\/$/, '')}/${long}`;
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
      });
      assertMatchesOperation(operation, `${method} ${path}`, response);
      assert.equal(response.statusCode, 414, `${method} ${path}: ${response.body}`);
      assert.equal(response.json().code, 'URI_TOO_LONG');
    });
  }

  it('answers /pacos, like every other api answer, for no cache to keep', async () => {
    for (const url of ['/pacos?pc=1011AB&nr=1', '/pacos?pc=0000&nr=1', '/pacos']) {
      const response = await t.request({ method: 'GET', url, headers: { cookie: session.cookie } });
      assert.equal(response.headers['cache-control'], 'no-store', url);
    }
  });
});
