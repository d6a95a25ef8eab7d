import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createMailer } from '../src/mail/outbox.js';
import type { Mailer } from '../src/mail/outbox.js';
import { TEST_RATE_LIMITS, XSRF_ONLY, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

// Two api instances on one database, as two replicas behind a balancer: what one counts, the other
// sees. (The same with two real processes on PostgreSQL: test/crash.test.ts in the postgres stage.)
describe('two api replicas on one database', () => {
  const LOGINS_PER_MINUTE = 5;
  const MAILS_PER_HOUR = 3;
  let t: TestApp;
  let second: FastifyInstance;
  let secondMailer: Mailer;

  before(async () => {
    t = await createTestApp(fixedNoon(), {
      config: {
        rateLimits: { ...TEST_RATE_LIMITS, authPerMinute: LOGINS_PER_MINUTE, mailsPerHour: MAILS_PER_HOUR },
      },
    });
    secondMailer = createMailer(t.db, t.config, pino({ level: 'silent' }));
    second = await buildApp({ db: t.db, config: t.config, mailer: secondMailer });
    await second.ready();
  });
  after(async () => {
    await second.close();
    await secondMailer.close();
    await t.close();
  });

  const login = (app: FastifyInstance, index: number) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.7',
      headers: {
        ...XSRF_ONLY,
        authorization: `Basic ${Buffer.from(`nobody${index}@example.com:wrong-password`).toString('base64')}`,
      },
    });

  it('should meet the login limit at the same count as one replica, on either', async () => {
    const answers: number[] = [];
    for (let index = 0; index < LOGINS_PER_MINUTE; index += 1)
      answers.push((await login(index % 2 === 0 ? t.app : second, index)).statusCode);
    assert.deepEqual(answers, Array(LOGINS_PER_MINUTE).fill(401));
    for (const app of [t.app, second]) {
      const refused = await login(app, 99);
      assert.equal(refused.statusCode, 429, 'the next attempt is refused by either replica');
      assert.equal(refused.json().code, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0);
    }
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.9',
      headers: { ...XSRF_ONLY, authorization: `Basic ${Buffer.from('x@example.com:y').toString('base64')}` },
    });
    assert.equal(elsewhere.statusCode, 401, 'another client counts apart');
  });

  it('should hold the hourly mail limit of one address across both replicas', async () => {
    const ANNA = 'anna.devries%40example.com';
    await Promise.all(
      Array.from({ length: MAILS_PER_HOUR + 3 }, (_, index) =>
        (index % 2 === 0 ? t.app : second).inject({
          method: 'PUT',
          url: `/api/accounts/${ANNA}/reset/password`,
          remoteAddress: `192.0.2.${index + 1}`,
          headers: XSRF_ONLY,
        }),
      ),
    );
    await Promise.all([t.mailer.idle(), secondMailer.idle()]);
    const mails = (await t.outbox()).filter((mail) => mail.to === 'anna.devries@example.com');
    assert.equal(mails.length, MAILS_PER_HOUR);
  });
});
