import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { XSRF_ONLY, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

const ANNA = 'anna.devries@example.com';
const resetPassword = {
  method: 'PUT',
  url: `/api/accounts/${encodeURIComponent(ANNA)}/reset/password`,
} as const;

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives (after refusing `refuseFirst`). */
async function startSmtpServer({ refuseFirst = 0 } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback, no login: what a local relay or a mail catcher offers.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      if (refused < refuseFirst) {
        refused += 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function deliveryOf(t: TestApp, to: string) {
  return t.db.query<{ delivery_status: string; delivery_error: string | null; links: string[] }>(
    'SELECT delivery_status, delivery_error, links FROM outbox WHERE recipient = $1 ORDER BY seq',
    [to],
  );
}

describe('mail over SMTP', () => {
  describe('with a working SMTP server', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;

    before(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(fixedNoon(), { config: { smtpUrl: smtp.url } });
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    it('should send the stored mail to the SMTP server', async () => {
      const response = await t.request({ ...resetPassword, headers: XSRF_ONLY });
      assert.equal(response.statusCode, 204);
      // Reading the outbox waits for the background work that writes the mail after the answer.
      await t.outbox();
      await t.mailer.idle();
      const [stored] = await deliveryOf(t, ANNA);
      assert.ok(stored);
      assert.equal(stored.delivery_status, 'SENT');
      const mail = smtp.received.find((candidate) => candidate.to.includes(ANNA));
      assert.ok(mail, 'the SMTP server received the mail');
      assert.equal(mail.from, 'no-reply@example.com');
      assert.match(mail.data, /^Subject: Set a new password$/m);
      const [link = ''] = stored.links;
      assert.ok(link.startsWith('http://localhost:8080/en/setpassword/'));
      // Quoted-printable may wrap long lines with a soft break (`=` at the end of a line).
      assert.ok(mail.data.replace(/=\r?\n/g, '').includes(link), 'the mailed text carries the stored link');
    });

    it('should also send the activation mail of seeding', async () => {
      await t.mailer.idle();
      assert.ok(smtp.received.some((mail) => mail.to.includes('new.student@example.com')));
      assert.deepEqual(
        (await deliveryOf(t, 'new.student@example.com')).map((row) => row.delivery_status),
        ['SENT'],
      );
    });
  });

  describe('with SMTP_URL pointing at a closed port', () => {
    let t: TestApp;
    const lines: Record<string, unknown>[] = [];

    before(async () => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      // Seeding stores and sends the activation mail: start-up must survive the refused connection.
      // One retry, a second later, then the mail is given up as FAILED.
      t = await createTestApp(fixedNoon(), {
        config: {
          smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
          mailRetries: 1,
          mailRetryDelaySeconds: 1,
        },
        logger: pino({ level: 'info' }, sink),
      });
    });
    after(() => t.close());

    it('should still answer 204, keep the mail, try again and then keep it as FAILED with the error', async () => {
      const response = await t.request({ ...resetPassword, headers: XSRF_ONLY });
      assert.equal(response.statusCode, 204, response.body);
      const unknown = await t.request({
        method: 'PUT',
        url: '/api/accounts/nobody%40example.com/reset/password',
        headers: XSRF_ONLY,
      });
      assert.equal(unknown.statusCode, 204, 'the same answer as for an existing account');
      // The reset mail is written by a job after the answer (which reading the outbox waits for).
      const mails = (await t.outbox()).filter((mail) => mail.to === ANNA);
      assert.equal(mails.length, 1);
      await t.mailer.idle();
      const [first] = await deliveryOf(t, ANNA);
      assert.equal(first?.delivery_status, 'PENDING', 'kept for another try');
      assert.match(first?.delivery_error ?? '', /ECONNREFUSED|connect/i);
      const statuses = await waitFor(async () => {
        const rows = [...(await deliveryOf(t, ANNA)), ...(await deliveryOf(t, 'new.student@example.com'))];
        return rows.every((row) => row.delivery_status === 'FAILED') ? rows : undefined;
      });
      assert.equal(statuses.length, 2);
      const given = lines.filter(
        (line) => line.msg === 'Mail delivery over SMTP failed; the mail stays in the outbox',
      );
      const retried = lines.filter(
        (line) => line.msg === 'Mail delivery over SMTP failed; it will be tried again',
      );
      assert.equal(given.length, 2, 'the activation mail of seeding and the reset mail, given up');
      assert.equal(retried.length, 2, 'each tried once more first');
      assert.equal(given[0]?.level, 50);
      assert.ok(!JSON.stringify(lines).includes(ANNA), 'no address in the log');
    });
  });

  describe('with an SMTP server that refuses the first mail', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;

    before(async () => {
      smtp = await startSmtpServer({ refuseFirst: 1 });
      t = await createTestApp(fixedNoon(), {
        config: { smtpUrl: smtp.url, mailRetries: 3, mailRetryDelaySeconds: 1 },
      });
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    it('should send it on a later try and keep it as SENT', async () => {
      // Seeding's activation mail meets the refusal; its next try goes through.
      const [sent] = await waitFor(async () => {
        const rows = await deliveryOf(t, 'new.student@example.com');
        return rows.every((row) => row.delivery_status === 'SENT') ? rows : undefined;
      });
      assert.equal(sent?.delivery_error, null);
      assert.equal(smtp.received.filter((mail) => mail.to.includes('new.student@example.com')).length, 1);
    });
  });
});

/** What `check` answers once it answers something, within 20 s. */
async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, 'gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
