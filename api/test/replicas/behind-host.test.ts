import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createPgDb } from '../../src/db/db.js';
import type { PgDb } from '../../src/db/db.js';
import { DEMO_PASSWORD } from '../../src/seed/seed.js';
import { XSRF, xsrfFor, claimForm, contactBody, login, sleep, sparePort, startApi } from '../api-process.js';
import type { ApiProcess } from '../api-process.js';
import { createServerDatabase } from '../test-db.js';
import type { ServerDatabase } from '../test-db.js';

// npm test's replicas stage: three api processes on one PostgreSQL database with the host server in
// front, balancing between them, as docker-compose.yml runs them. What one replica counts the others
// see; a deploy that restarts each replica in turn fails no request; and what one acknowledged before
// it was killed is kept, or done, by the others.

const hostDir = fileURLToPath(new URL('../../../host', import.meta.url));
const ANNA = 'anna.devries@example.com';
/** Acknowledgements of each kind before one replica is killed, and again after. */
const ACKS_PER_HALF = 8;
const WORKERS = 6;

interface HostProcess {
  base: string;
  stop: () => Promise<void>;
}

/** The host server from its sources, proxying to the given api origins. */
async function startHost(apiOrigins: string[], contentOrigin: string): Promise<HostProcess> {
  const distDir = mkdtempSync(path.join(tmpdir(), 'replicas-host-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title></head><body></body>');
  const port = await sparePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: hostDir,
    env: {
      ...process.env,
      HOST_PORT: String(port),
      HOST_DIST_DIR: distDir,
      HOST_CACHE_DIR: 'off',
      API_ORIGIN: apiOrigins.join(','),
      CONTENT_ORIGIN: contentOrigin,
      // Replicas that stop are out of the pool within 0.2 s (their /readyz answers 503 for 1 s first).
      API_REFRESH_SECONDS: '0.2',
      // The test plays many clients from one machine, each named by X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      // The proxy logs each request it sent to the killed replica as a warning: expected here.
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    assert.ok(Date.now() < deadline, 'the host did not answer /healthz');
    await sleep(200);
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** A client of its own: the host believes the test's X-Forwarded-For (TRUST_PROXY). */
const asClient = (address: string, headers: Record<string, string> = {}) => ({
  'x-forwarded-for': address,
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  ...headers,
});

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** The value below which `share` of the sorted `values` lie. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

describe(
  'three api replicas behind the host, on one PostgreSQL database',
  { skip: !process.env.TEST_DATABASE_URL },
  () => {
    let server: ServerDatabase;
    let first: ApiProcess;
    let second: ApiProcess;
    let third: ApiProcess;
    let env: Record<string, string>;
    let host: HostProcess;
    let db: PgDb;

    before(async () => {
      const created = await createServerDatabase();
      assert.ok(created);
      server = created;
      env = {
        API_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'replicas-api-')),
        DATABASE_URL: server.url,
        API_DEV_OUTBOX: '0',
        SMTP_URL: '',
        TRUST_PROXY: '127.0.0.1',
        // The load run sends more than a student's daily claims and a client's hourly writes on purpose.
        API_CLAIMS_PER_DAY: '1000',
        API_RATE_LIMIT_ANONYMOUS: '1000',
        API_MAIL_LIMIT_PER_HOUR: '1000',
        // A job the killed replica had started is taken over after 2 s instead of a minute.
        API_JOB_EXPIRE_SECONDS: '2',
        // A deploy's stop: not ready for 1 s (the host moves away), then 10 s for requests in flight.
        API_SHUTDOWN_DELAY_SECONDS: '1',
        API_SHUTDOWN_GRACE_SECONDS: '10',
      };
      first = await startApi(env);
      second = await startApi(env);
      third = await startApi(env);
      host = await startHost([first.base, second.base, third.base], first.base);
      db = createPgDb(server.url, pino({ level: 'silent' }));
    });
    after(async () => {
      for (const replica of [first, second, third]) replica?.child.kill('SIGKILL');
      await host?.stop();
      await db?.close();
      await server?.drop();
    });

    it('should refuse the 11th wrong login of a client at the same count as one replica', async () => {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await fetch(`${host.base}/api/login`, {
          method: 'POST',
          headers: asClient('203.0.113.50', {
            authorization: basic(`nobody${attempt}@example.com`, 'wrong'),
          }),
        });
        answers.push(response.status);
        if (response.status === 429) assert.ok(Number(response.headers.get('retry-after')) > 0);
        await response.arrayBuffer();
      }
      assert.deepEqual(answers, [...Array(10).fill(401), 429]);
    });

    it('should take the rest of a receipt upload on another replica process, and file it whole, once', async () => {
      const { cookie } = await login(host.base);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
      const headers = { cookie, 'x-xsrf-token': xsrf, 'tus-resumable': '1.0.0' };
      const file = Buffer.alloc(900 * 1024);
      Buffer.from('%PDF-1.7\n').copy(file);
      for (let i = 9; i < file.length; i += 1) file[i] = (i * 13 + (i >> 10)) % 251;
      const patch = (base: string, location: string, offset: number, bytes: Buffer) =>
        fetch(`${base}${location}`, {
          method: 'PATCH',
          headers: {
            ...headers,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          body: new Uint8Array(bytes),
        });
      const begun = await fetch(`${first.base}/api/en/receipt-uploads`, {
        method: 'POST',
        headers: { ...headers, 'upload-length': String(file.length) },
      });
      assert.equal(begun.status, 201, await begun.text());
      const location = begun.headers.get('location') ?? '';
      const half = 400 * 1024;
      assert.equal((await patch(first.base, location, 0, file.subarray(0, half))).status, 204);
      const asked = await fetch(`${second.base}${location}`, { method: 'HEAD', headers });
      assert.equal(asked.headers.get('upload-offset'), String(half), 'the second replica knows what arrived');
      const rest = await patch(third.base, location, half, file.subarray(half));
      assert.equal(rest.status, 204, await rest.text());

      const form = claimForm(`resumed-${randomUUID()}`);
      form.delete('receipts');
      form.append('uploadedReceipts', location.split('/').pop() ?? '');
      const filed = await fetch(`${host.base}/api/en/claims`, {
        method: 'POST',
        headers: { cookie, 'x-xsrf-token': xsrf },
        body: form,
      });
      assert.equal(filed.status, 201, await filed.clone().text());
      const { claimNumber } = (await filed.json()) as { claimNumber: string };
      const claim = (await (
        await fetch(`${host.base}/api/en/claims/${claimNumber}`, { headers: { cookie } })
      ).json()) as { receipts: { id: string; size: number }[] };
      assert.equal(claim.receipts.length, 1);
      const download = await fetch(
        `${host.base}/api/en/claims/${claimNumber}/receipts/${claim.receipts[0]!.id}`,
        {
          headers: { cookie },
        },
      );
      const stored = Buffer.from(await download.arrayBuffer());
      assert.equal(
        createHash('sha256').update(stored).digest('hex'),
        createHash('sha256').update(file).digest('hex'),
      );
    });

    it(
      'should fail no request and lose no write while each replica is restarted in turn (SIGTERM)',
      { timeout: 240_000 },
      async (t) => {
        const loginResponse = await fetch(`${host.base}/api/login`, {
          method: 'POST',
          headers: asClient('198.51.100.2', { authorization: basic(ANNA, DEMO_PASSWORD) }),
        });
        assert.equal(loginResponse.status, 200);
        const session = /PORTAL_SESSION=([^;]+)/.exec(loginResponse.headers.get('set-cookie') ?? '')?.[1];
        assert.ok(session);
        const xsrf = xsrfFor(session);
        const cookie = `PORTAL_SESSION=${session}; XSRF-TOKEN=${xsrf}`;
        const { profileId } = (await loginResponse.json()) as { profileId: string };

        const failures: string[] = [];
        const latencies: number[] = [];
        const written: string[] = [];
        let reads = 0;
        let restarting = true;
        const worker = async (index: number) => {
          for (let round = 0; restarting; round += 1) {
            const client = `198.51.100.${20 + ((index * 37 + round) % 200)}`;
            const write = round % 2 === 1;
            const marker = `rolling-${index}-${round}-${randomUUID()}`;
            const started = performance.now();
            try {
              const response = write
                ? await fetch(`${host.base}/api/portal/contactexpats`, {
                    method: 'POST',
                    headers: asClient(client, { 'content-type': 'application/json' }),
                    body: contactBody(marker),
                  })
                : await fetch(`${host.base}/api/en/profiles/${profileId}/policies`, {
                    headers: asClient(client, { cookie, 'x-xsrf-token': xsrf }),
                  });
              await response.arrayBuffer();
              latencies.push(performance.now() - started);
              if (response.status === (write ? 204 : 200)) {
                if (write) written.push(marker);
                else reads += 1;
              } else failures.push(`${write ? 'write' : 'read'} answered ${response.status}`);
            } catch (error) {
              failures.push(`${write ? 'write' : 'read'} failed: ${String(error)}`);
            }
          }
        };
        const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
        const replicas = [first, second, third];
        const stops: { code: number | null; signal: NodeJS.Signals | null }[] = [];
        try {
          for (const [index, replica] of replicas.entries()) {
            await sleep(300);
            const port = Number(new URL(replica.base).port);
            replica.child.kill('SIGTERM');
            stops.push(await replica.exited);
            replicas[index] = await startApi(env, port);
            [first, second, third] = replicas as [ApiProcess, ApiProcess, ApiProcess];
            // Back in the host's pool within its refresh.
            await sleep(500);
          }
        } finally {
          restarting = false;
          await load;
        }
        assert.deepEqual(stops, Array(3).fill({ code: 0, signal: null }), 'each replica stopped cleanly');

        const stored = new Set(
          (
            await db.query<{ subject: string }>(
              "SELECT body->>'subject' AS subject FROM contact_requests WHERE body->>'subject' LIKE 'rolling-%'",
            )
          ).map((row) => row.subject),
        );
        // A write answered 502 fails too: a replica that has just left is never offered to a request.
        const failed = (kind: string) => failures.filter((failure) => failure.startsWith(kind)).length;
        t.diagnostic(
          `${reads} reads and ${written.length} writes during 3 restarts; p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
            `p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${percentile(latencies, 1).toFixed(0)} ms; ` +
            `${failed('read')} reads and ${failed('write')} writes failed`,
        );
        assert.deepEqual(failures, [], 'no request failed');
        assert.ok(reads > 0 && written.length > 0, 'the load ran');
        assert.deepEqual(
          written.filter((marker) => !stored.has(marker)),
          [],
          'every acknowledged write stored',
        );
      },
    );

    it(
      'should lose no acknowledged claim, contact request or reset mail when a replica is killed half-way',
      { timeout: 240_000 },
      async (t) => {
        const loginResponse = await fetch(`${host.base}/api/login`, {
          method: 'POST',
          headers: asClient('198.51.100.1', { authorization: basic(ANNA, DEMO_PASSWORD) }),
        });
        assert.equal(loginResponse.status, 200);
        const session = /PORTAL_SESSION=([^;]+)/.exec(loginResponse.headers.get('set-cookie') ?? '')?.[1];
        assert.ok(session);
        const xsrf = xsrfFor(session);
        const cookie = `PORTAL_SESSION=${session}; XSRF-TOKEN=${xsrf}`;

        const acked = { claims: [] as string[], contacts: [] as string[], resets: 0 };
        let unanswered = 0;
        let killedAt: typeof acked | undefined;
        const enough = (base: number) =>
          acked.claims.length >= base && acked.contacts.length >= base && acked.resets >= base;
        const worker = async (index: number) => {
          for (let round = 0; !enough(ACKS_PER_HALF * 2); round += 1) {
            const marker = `replicas-${index}-${round}-${randomUUID()}`;
            const client = `198.51.100.${10 + ((index * 31 + round) % 200)}`;
            const kind = (index + round) % 3;
            try {
              if (kind === 0) {
                const response = await fetch(`${host.base}/api/en/claims`, {
                  method: 'POST',
                  headers: asClient(client, { cookie, 'x-xsrf-token': xsrf }),
                  body: claimForm(marker),
                });
                const text = await response.text();
                if (response.status === 201)
                  acked.claims.push((JSON.parse(text) as { claimNumber: string }).claimNumber);
                else unanswered += 1;
              } else if (kind === 1) {
                const response = await fetch(`${host.base}/api/portal/contactexpats`, {
                  method: 'POST',
                  headers: asClient(client, { 'content-type': 'application/json' }),
                  body: contactBody(marker),
                });
                await response.arrayBuffer();
                if (response.status === 204) acked.contacts.push(marker);
                else unanswered += 1;
              } else {
                const response = await fetch(
                  `${host.base}/api/accounts/${encodeURIComponent(ANNA)}/reset/password`,
                  {
                    method: 'PUT',
                    headers: asClient(client),
                  },
                );
                await response.arrayBuffer();
                if (response.status === 204) acked.resets += 1;
                else unanswered += 1;
              }
            } catch {
              unanswered += 1;
            }
            if (!killedAt && enough(ACKS_PER_HALF)) {
              killedAt = { claims: [...acked.claims], contacts: [...acked.contacts], resets: acked.resets };
              first.child.kill('SIGKILL');
            }
          }
        };
        const started = Date.now();
        await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
        assert.equal((await first.exited).signal, 'SIGKILL');
        assert.ok(killedAt, 'the replica was killed during the run');
        t.diagnostic(
          `acknowledged: ${acked.claims.length} claims, ${acked.contacts.length} contact requests, ${acked.resets} reset requests ` +
            `(${killedAt.claims.length + killedAt.contacts.length + killedAt.resets} before the kill); ` +
            `${unanswered} not acknowledged (sent to the killed replica); ${Date.now() - started} ms`,
        );

        // The surviving replica runs the reset jobs, including those the killed one had started.
        const deadline = Date.now() + 60_000;
        let jobs = { total: 0, open: 1 };
        while (jobs.open > 0 && Date.now() < deadline) {
          await sleep(500);
          const [row] = await db.query<{ total: number; open: number }>(
            `SELECT count(*)::int AS total, count(*) FILTER (WHERE state <> 'completed')::int AS open
             FROM (SELECT state FROM pgboss.job WHERE name = 'password-reset'
                   UNION ALL SELECT state FROM pgboss.archive WHERE name = 'password-reset') AS jobs`,
          );
          jobs = row ?? jobs;
        }
        assert.equal(jobs.open, 0, 'every stored reset request has run');

        const claims = new Set(
          (
            await db.query<{ claim_number: string }>(
              'SELECT claim_number FROM claims WHERE claim_number = ANY($1)',
              [acked.claims],
            )
          ).map((row) => row.claim_number),
        );
        assert.deepEqual(
          acked.claims.filter((number) => !claims.has(number)),
          [],
          'acknowledged claims missing',
        );
        const subjects = new Set(
          (
            await db.query<{ subject: string }>(
              "SELECT body->>'subject' AS subject FROM contact_requests WHERE body->>'subject' LIKE 'replicas-%'",
            )
          ).map((row) => row.subject),
        );
        assert.deepEqual(
          acked.contacts.filter((marker) => !subjects.has(marker)),
          [],
          'acknowledged contact requests missing',
        );
        const [mails] = await db.query<{ total: number; distinct: number }>(
          `SELECT count(*)::int AS total, count(DISTINCT source_job)::int AS distinct FROM outbox
          WHERE subject = 'Set a new password' AND source_job IS NOT NULL`,
        );
        assert.ok(
          jobs.total >= acked.resets,
          'every acknowledged reset request was stored before its answer',
        );
        assert.equal(mails?.total, jobs.total, 'one mail per stored reset request: none lost');
        assert.equal(mails?.distinct, mails?.total, 'none doubled');

        // The host still answers through the survivor.
        const countries = await fetch(`${host.base}/api/en/countries`, {
          headers: asClient('198.51.100.250'),
        });
        assert.equal(countries.status, 200);
      },
    );
  },
);
