import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addMinutes, addSeconds } from 'date-fns';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/db.js';
import { XSRF_ONLY, assertMatchesOpenapi, authHeaders, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

const start = fixedNoon();

describe('platform behaviour', () => {
  let t: TestApp;

  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  describe('unexpected errors', () => {
    let app: FastifyInstance;
    let failing = false;
    let failure: Error = new Error('connection to the database lost');
    const lines: Record<string, unknown>[] = [];

    before(async () => {
      // The same database behind a switch that makes every query fail, as a lost connection would.
      const flaky: Db = {
        query: (sql, params) => (failing ? Promise.reject(failure) : t.db.query(sql, params)),
        transaction: (fn) => (failing ? Promise.reject(failure) : t.db.transaction(fn)),
        executeSql: (text, values) => (failing ? Promise.reject(failure) : t.db.executeSql(text, values)),
        close: async () => undefined,
      };
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      app = await buildApp({ db: flaky, config: t.config, logger: pino({ level: 'info' }, sink) });
      await app.ready();
    });
    after(() => app.close());

    async function request(options: InjectOptions) {
      const response = await app.inject(options);
      assertMatchesOpenapi(options.method ?? 'GET', String(options.url), response);
      return response;
    }

    it('should answer 500 with an incident id that the log line carries with the stack', async () => {
      const anna = await t.login('anna.devries@example.com');
      failing = true;
      try {
        for (const options of [
          { method: 'GET', url: '/api/checksession', headers: { cookie: anna.cookie } },
          {
            method: 'POST',
            url: '/api/en/policies/POL-1001-T/address',
            headers: authHeaders(anna),
            payload: { id: 'POL-1001-T' },
          },
        ] as const) {
          const response = await request(options);
          assert.equal(response.statusCode, 500, options.url);
          const body = response.json();
          assert.equal(body.code, 'INTERNAL_ERROR');
          assert.equal(
            body.message,
            'Internal error: Please try again later and if the problem persists contact us with an error code.',
          );
          assert.match(body.incidentId, /^[0-9a-f-]{36}$/);
          assert.doesNotMatch(response.body, /database|at /, 'no internals in the answer');
          const logged = lines.find((line) => line.incidentId === body.incidentId);
          assert.ok(logged, 'the incident is logged');
          assert.equal(logged.level, 50);
          const err = logged.err as { message: string; stack: string };
          assert.equal(err.message, 'connection to the database lost');
          assert.match(err.stack, /^Error: connection to the database lost\n\s+at /);
        }
        const health = await request({ method: 'GET', url: '/healthz' });
        assert.equal(health.statusCode, 503);
        assert.equal(health.json().code, 'DATABASE_UNAVAILABLE');
      } finally {
        failing = false;
      }
      const ids = lines.filter((line) => line.incidentId).map((line) => line.incidentId);
      assert.equal(new Set(ids).size, ids.length, 'every incident has its own id');
      assert.equal((await request({ method: 'GET', url: '/healthz' })).statusCode, 200);
    });

    it("should take the host's X-Request-Id as the incident id, in every log line of the request", async () => {
      const anna = await t.login('anna.devries@example.com');
      const requestId = '5f0c6b0e-8a5e-4d53-9a55-2f1d1e6c0a42';
      failing = true;
      try {
        const response = await request({
          method: 'GET',
          url: '/api/checksession',
          headers: { cookie: anna.cookie, 'x-request-id': requestId },
        });
        assert.equal(response.statusCode, 500);
        assert.equal(response.json().incidentId, requestId);
        const ofRequest = lines.filter((line) => line.reqId === requestId);
        assert.ok(ofRequest.some((line) => line.incidentId === requestId && line.level === 50));
        assert.ok(
          ofRequest.some((line) => line.msg === 'request completed'),
          'the access line too',
        );
        // A header that is not a plain token is not written into the logs: the request gets its own id.
        const odd = await request({
          method: 'GET',
          url: '/api/checksession',
          headers: { cookie: anna.cookie, 'x-request-id': 'a b\u0007' },
        });
        assert.match(odd.json().incidentId, /^[0-9a-f-]{36}$/);
      } finally {
        failing = false;
      }
    });

    it('should answer a SyntaxError that is not about the request body with 500, not 400', async () => {
      const anna = await t.login('anna.devries@example.com');
      // As a JSON.parse of broken stored data would throw it.
      failure = new SyntaxError('Unexpected token } in JSON at position 7');
      failing = true;
      try {
        const response = await request({
          method: 'GET',
          url: '/api/checksession',
          headers: { cookie: anna.cookie },
        });
        assert.equal(response.statusCode, 500);
        const body = response.json();
        assert.equal(body.code, 'INTERNAL_ERROR');
        assert.match(body.incidentId, /^[0-9a-f-]{36}$/);
        const logged = lines.find((line) => line.incidentId === body.incidentId);
        const err = logged?.err as { stack: string } | undefined;
        assert.match(err?.stack ?? '', /^SyntaxError: Unexpected token \} in JSON at position 7\n\s+at /);
      } finally {
        failing = false;
        failure = new Error('connection to the database lost');
      }
      const malformed = await request({
        method: 'POST',
        url: '/api/en/policies/POL-1001-T/address',
        headers: { ...authHeaders(anna), 'content-type': 'application/json' },
        payload: '{"id":',
      });
      assert.equal(malformed.statusCode, 400, "a body that does not parse is still the client's error");
      assert.equal(malformed.json().code, 'MALFORMED_JSON');
    });
  });

  describe('metrics', () => {
    it('should answer GET /metrics only with the OPS_TOKEN: requests by route and status, jobs, no ids', async () => {
      const closed = await buildApp({ db: t.db, config: t.config });
      const none = await closed.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      assert.equal(none.statusCode, 404);
      await closed.close();

      const app = await buildApp({ db: t.db, config: { ...t.config, opsToken: 'ops-secret' } });
      try {
        assert.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 401);
        const wrong = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer ops' },
        });
        assert.equal(wrong.statusCode, 401);
        await app.inject({ method: 'GET', url: '/api/en/profiles/P-1001/policies' });
        const metrics = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer ops-secret' },
        });
        assert.equal(metrics.statusCode, 200);
        assert.match(
          metrics.body,
          /http_requests_total\{method="GET",route="\/api\/en\/profiles\/:profileId\/policies",status="401",service="api"\} 1/,
        );
        assert.match(metrics.body, /http_request_duration_seconds_bucket\{le="0.1",service="api"/);
        assert.match(metrics.body, /# TYPE api_jobs gauge/);
        assert.doesNotMatch(metrics.body, /P-1001/);
      } finally {
        await app.close();
      }
    });
  });

  describe('readiness', () => {
    it('should answer /readyz 503 once the replica is told to stop, while /healthz stays 200', async () => {
      const readiness = { ready: true };
      const app = await buildApp({ db: t.db, config: t.config, readiness });
      try {
        assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
        readiness.ready = false;
        const draining = await app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(draining.statusCode, 503);
        assert.equal(draining.json().code, 'SHUTTING_DOWN');
        assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      } finally {
        await app.close();
      }
    });
  });

  describe('development outbox', () => {
    it('should answer 404 when API_DEV_OUTBOX is off', async () => {
      const app = await buildApp({ db: t.db, config: { ...t.config, devOutbox: false } });
      try {
        const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
        assertMatchesOpenapi('GET', '/api/dev/outbox', response);
        assert.equal(response.statusCode, 404);
        assert.equal(response.json().code, 'NOT_FOUND');
        assert.doesNotMatch(response.body, /example\.com/);
      } finally {
        await app.close();
      }
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode,
        200,
        'on when set',
      );
    });

    it('should answer only clients on this machine, whatever their headers say', async () => {
      for (const remoteAddress of ['192.0.2.7', '10.0.0.5', '2001:db8::1', '::ffff:192.0.2.7']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' },
        });
        assertMatchesOpenapi('GET', '/api/dev/outbox', response);
        assert.equal(response.statusCode, 404, remoteAddress);
        assert.equal(response.json().code, 'NOT_FOUND');
        assert.doesNotMatch(response.body, /example\.com/);
      }
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
        assert.equal(
          (await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress })).statusCode,
          200,
          remoteAddress,
        );
    });
  });

  describe('anti-forgery token', () => {
    it('should refuse non-GET calls with a missing or wrong X-XSRF-TOKEN and do nothing', async () => {
      const anna = await t.login('anna.devries@example.com');
      const calls: InjectOptions[] = [
        { method: 'POST', url: '/api/en/policies/POL-1001-H/address', payload: { id: 'POL-1001-H' } },
        { method: 'POST', url: '/api/en/policies/POL-1001-T/payment', payload: { id: 'POL-1001-T' } },
        { method: 'POST', url: '/api/en/invoices/INV-100103/payment', payload: { method: 'IDEAL' } },
        { method: 'POST', url: '/api/portal/contactexpats', payload: {} },
        { method: 'POST', url: '/api/en/requests', payload: {} },
        { method: 'PUT', url: '/api/accounts/anna.devries%40example.com/reset/password' },
        { method: 'POST', url: '/api/en/claims', payload: {} },
        {
          method: 'POST',
          url: '/api/accounts/anna.devries%40example.com/reset/username',
          payload: { newUsername: 'x@example.com' },
        },
      ];
      const session = anna.cookie;
      const withoutCookie = session.replace(/; XSRF-TOKEN=.*/, '');
      const variants: [string, Record<string, string>][] = [
        ['no header', { cookie: session }],
        ['wrong header', { cookie: session, 'x-xsrf-token': 'forged' }],
        ['empty header', { cookie: session, 'x-xsrf-token': '' }],
        ['no cookie', { cookie: withoutCookie, 'x-xsrf-token': anna.xsrf }],
      ];
      for (const call of calls) {
        for (const [name, headers] of variants) {
          const response = await t.request({ ...call, headers });
          const label = `${call.method} ${String(call.url)} (${name})`;
          assert.equal(response.statusCode, 403, label);
          assert.equal(response.json().code, 'XSRF_INVALID', label);
        }
      }
      assert.equal((await t.outbox()).filter((mail) => mail.to === 'anna.devries@example.com').length, 0);
      const policies = await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001/policies',
        headers: { cookie: anna.cookie },
      });
      assert.equal(policies.statusCode, 200, 'GET needs no anti-forgery header');
      const ok = await t.request({
        method: 'PUT',
        url: '/api/accounts/anna.devries%40example.com/reset/password',
        headers: XSRF_ONLY,
      });
      assert.equal(ok.statusCode, 204);
    });
  });

  describe('session idle time', () => {
    it('should keep a used session alive and end it after 30 idle minutes', async () => {
      const anna = await t.login('anna.devries@example.com');
      const profile = () =>
        t.request({ method: 'GET', url: '/api/en/profiles/P-1001', headers: { cookie: anna.cookie } });
      t.clock.now = addMinutes(start, 29);
      assert.equal((await profile()).statusCode, 200);
      t.clock.now = addMinutes(start, 58);
      assert.equal((await profile()).statusCode, 200, 'each call restarts the idle time');
      t.clock.now = addSeconds(addMinutes(start, 88), 1);
      const expired = await profile();
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().code, 'UNAUTHENTICATED');
      t.clock.now = addMinutes(start, 89);
      const change = await t.request({
        method: 'POST',
        url: '/api/en/policies/POL-1001-H/address',
        headers: authHeaders(anna),
        payload: { id: 'POL-1001-H' },
      });
      assert.equal(change.statusCode, 401);
      const check = await t.request({
        method: 'GET',
        url: '/api/checksession',
        headers: { cookie: anna.cookie },
      });
      assert.equal(check.statusCode, 401, 'an expired session does not come back');
    });
  });
});
