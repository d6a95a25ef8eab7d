import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createPgDb, createPgliteDb } from '../src/db/db.js';
import type { Db } from '../src/db/db.js';
import { XSRF, claimForm, contactBody, login, sleep, startApi } from './api-process.js';
import type { ApiProcess } from './api-process.js';
import { createServerDatabase } from './test-db.js';
import type { ServerDatabase } from './test-db.js';

// The real api process, killed with SIGKILL while it writes claims and contact requests: after a
// restart every submission it acknowledged (2xx) must be there. On PGlite (a data folder) by default,
// on PostgreSQL when TEST_DATABASE_URL is set (npm test's postgres stage).

const WORKERS = 6;
/** Acknowledged submissions of each kind before the kill, so the kill lands in the middle of the run. */
const ACKS_BEFORE_KILL = 12;

interface Outcome {
  /** Claim numbers answered with 201. */
  claims: string[];
  /** Subjects of the contact requests answered with 204. */
  contacts: string[];
  /** Answers that were neither 2xx nor a dropped connection (none expected). */
  refused: string[];
  /** Requests sent but not answered when the api was killed. */
  inFlightAtKill: number;
}

/**
 * Workers submit claims and contact requests one after another until the connection drops; once each
 * kind has {@link ACKS_BEFORE_KILL} acknowledgements the api is killed with SIGKILL.
 */
async function submitUntilKilled(api: ApiProcess, cookie: string): Promise<Outcome> {
  // The session's own anti-forgery token, as the browser would echo it.
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const outcome: Outcome = { claims: [], contacts: [], refused: [], inFlightAtKill: -1 };
  let inFlight = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    outcome.inFlightAtKill = inFlight;
    api.child.kill('SIGKILL');
  };
  const worker = async (index: number) => {
    for (let round = 0; ; round += 1) {
      const marker = `crash-${index}-${round}-${randomUUID()}`;
      const claim = round % 2 === index % 2;
      inFlight += 1;
      let response: Response;
      try {
        response = claim
          ? await fetch(`${api.base}/api/en/claims`, {
              method: 'POST',
              headers: { cookie, 'x-xsrf-token': xsrf },
              body: claimForm(marker),
            })
          : await fetch(`${api.base}/api/portal/contactexpats`, {
              method: 'POST',
              headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
              body: contactBody(marker),
            });
        // The body belongs to the answer: a reset while it streams means no acknowledgement.
        const text = await response.text();
        if (response.status === 201 && claim)
          outcome.claims.push((JSON.parse(text) as { claimNumber: string }).claimNumber);
        else if (response.status === 204 && !claim) outcome.contacts.push(marker);
        else {
          // A refusal (a limit, a validation) would never let the run reach the kill: end it here.
          outcome.refused.push(`${response.status} ${text}`);
          kill();
        }
      } catch {
        // The api is gone: the connection was refused or reset, so nothing was acknowledged.
        inFlight -= 1;
        assert.ok(killed, 'a request failed before the api was killed');
        return;
      }
      inFlight -= 1;
      if (outcome.claims.length >= ACKS_BEFORE_KILL && outcome.contacts.length >= ACKS_BEFORE_KILL) kill();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  return outcome;
}

/**
 * A data folder, and on PostgreSQL a database, for one suite's api processes (removed after it), and
 * their environment: no outbox, no SMTP, and `extra`.
 */
function crashData(prefix: string, extra: Record<string, string>) {
  const state = { dataDir: '', server: null as ServerDatabase | null, env: {} as Record<string, string> };
  before(async () => {
    state.dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    state.server = await createServerDatabase();
    state.env = {
      API_DATA_DIR: state.dataDir,
      ...(state.server ? { DATABASE_URL: state.server.url } : { DATABASE_URL: '' }),
      API_DEV_OUTBOX: '0',
      SMTP_URL: '',
      ...extra,
    };
  });
  after(async () => {
    await state.server?.drop();
    rmSync(state.dataDir, { recursive: true, force: true });
  });
  return state;
}

describe(`SIGKILL while writing (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite data folder'})`, () => {
  // The run sends more than a student's daily claims and a client's hourly writes on purpose.
  const data = crashData('api-crash-', { API_CLAIMS_PER_DAY: '1000', API_RATE_LIMIT_ANONYMOUS: '1000' });

  it(
    'should keep every claim and contact request it acknowledged before the kill',
    { timeout: 300_000 },
    async (t) => {
      const first = await startApi(data.env);
      let outcome: Outcome;
      let anna: Awaited<ReturnType<typeof login>>;
      try {
        anna = await login(first.base);
        outcome = await submitUntilKilled(first, anna.cookie);
      } finally {
        first.child.kill('SIGKILL');
      }
      assert.equal((await first.exited).signal, 'SIGKILL');
      t.diagnostic(
        `acknowledged before the kill: ${outcome.claims.length} claims, ${outcome.contacts.length} contact requests; ${outcome.inFlightAtKill} in flight at the kill`,
      );
      assert.deepEqual(outcome.refused, [], 'every answered submission was accepted');
      assert.ok(outcome.inFlightAtKill > 0, 'the kill landed while submissions were being written');
      assert.ok(outcome.claims.length >= ACKS_BEFORE_KILL && outcome.contacts.length >= ACKS_BEFORE_KILL);

      // Restarted on the same data: the session, the claims and their receipts are all there.
      const second = await startApi(data.env);
      try {
        const listed = await fetch(`${second.base}/api/en/profiles/${anna.profileId}/claims`, {
          headers: { cookie: anna.cookie },
        });
        assert.equal(listed.status, 200, 'the session outlived the crash');
        const numbers = new Set(
          ((await listed.json()) as { claimNumber: string }[]).map((c) => c.claimNumber),
        );
        assert.deepEqual(
          outcome.claims.filter((claimNumber) => !numbers.has(claimNumber)),
          [],
          'acknowledged claims missing after the restart',
        );
        for (const claimNumber of outcome.claims) {
          const detail = await fetch(`${second.base}/api/en/claims/${claimNumber}`, {
            headers: { cookie: anna.cookie },
          });
          assert.equal(detail.status, 200);
          const body = (await detail.json()) as { receipts: unknown[]; history: { status: string }[] };
          assert.equal(body.receipts.length, 1, `${claimNumber} kept its receipt`);
          assert.deepEqual(
            body.history.map((step) => step.status),
            ['RECEIVED'],
          );
        }
      } finally {
        second.child.kill('SIGTERM');
        assert.equal((await second.exited).code, 0, 'the restarted api stopped cleanly');
      }

      // Contact requests answer 204 without an id: read the database itself, now that no api holds it.
      const db: Db = data.server
        ? createPgDb(data.server.url, pino({ level: 'silent' }))
        : await createPgliteDb(data.dataDir);
      try {
        const rows = await db.query<{ subject: string }>(
          "SELECT body->>'subject' AS subject FROM contact_requests WHERE body->>'subject' LIKE 'crash-%'",
        );
        const subjects = new Set(rows.map((row) => row.subject));
        assert.deepEqual(
          outcome.contacts.filter((marker) => !subjects.has(marker)),
          [],
          'acknowledged contact requests missing after the restart',
        );
      } finally {
        await db.close();
      }
    },
  );
});

describe(`SIGKILL after acknowledging reset requests (${process.env.TEST_DATABASE_URL ? 'two replicas on PostgreSQL' : 'PGlite data folder, restarted'})`, () => {
  const REQUESTS = 30;
  const data = crashData('api-crash-mail-', {
    // One student asks 30 times: each request is one mail, so the limits are raised.
    API_MAIL_LIMIT_PER_HOUR: '1000',
    API_RATE_LIMIT_AUTH: '1000',
    // A job that the killed process had started is taken over after 2 s instead of a minute.
    API_JOB_EXPIRE_SECONDS: '2',
  });

  it(
    'should store exactly one mail for every reset request it acknowledged',
    { timeout: 300_000 },
    async (t) => {
      const first = await startApi(data.env);
      // On PostgreSQL a second replica runs beside the first from the start, as behind a balancer.
      const survivor = data.server ? await startApi(data.env) : undefined;
      let acknowledged = 0;
      let inFlightAtKill = 0;
      try {
        let inFlight = 0;
        await Promise.all(
          Array.from({ length: REQUESTS }, async () => {
            inFlight += 1;
            try {
              const response = await fetch(
                `${first.base}/api/accounts/anna.devries%40example.com/reset/password`,
                { method: 'PUT', headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } },
              );
              await response.text();
              assert.equal(response.status, 204);
              acknowledged += 1;
              // Killed right after its acknowledgements, while its jobs are still to run.
              if (acknowledged === REQUESTS / 2) {
                inFlightAtKill = inFlight - 1;
                first.child.kill('SIGKILL');
              }
            } catch {
              // Sent while or after the api was killed: not acknowledged.
            } finally {
              inFlight -= 1;
            }
          }),
        );
      } finally {
        first.child.kill('SIGKILL');
      }
      assert.equal((await first.exited).signal, 'SIGKILL');
      t.diagnostic(`${acknowledged} acknowledged, ${inFlightAtKill} in flight at the kill`);
      assert.ok(acknowledged >= REQUESTS / 2);

      // The survivor (or the restarted api) runs what is left, including the jobs the killed one had started.
      const second = survivor ?? (await startApi(data.env));
      const db = data.server ? createPgDb(data.server.url, pino({ level: 'silent' })) : undefined;
      const count = async (query: Db) => {
        const [jobs] = await query.query<{ total: number; open: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE state <> 'completed')::int AS open
             FROM (SELECT state FROM pgboss.job WHERE name = 'password-reset'
                   UNION ALL SELECT state FROM pgboss.archive WHERE name = 'password-reset') AS jobs`,
        );
        const [mails] = await query.query<{ total: number; distinct: number }>(
          `SELECT count(*)::int AS total, count(DISTINCT source_job)::int AS distinct FROM outbox
            WHERE subject = 'Set a new password' AND source_job IS NOT NULL`,
        );
        return { jobs: jobs ?? { total: 0, open: 0 }, mails: mails ?? { total: 0, distinct: 0 } };
      };
      let result: Awaited<ReturnType<typeof count>> | undefined;
      try {
        if (db) {
          const deadline = Date.now() + 60_000;
          do {
            await sleep(500);
            result = await count(db);
          } while (result.jobs.open > 0 && Date.now() < deadline);
        } else {
          // PGlite holds its folder: wait for the jobs by the api's clock, then read the folder after it stops.
          await sleep(12_000);
        }
      } finally {
        second.child.kill('SIGTERM');
        assert.equal((await second.exited).code, 0, 'the surviving api stopped cleanly');
        await db?.close();
      }
      if (!data.server) {
        const folder = await createPgliteDb(data.dataDir);
        try {
          result = await count(folder);
        } finally {
          await folder.close();
        }
      }
      assert.ok(result);
      t.diagnostic(`${result.jobs.total} reset jobs stored, ${result.mails.total} reset mails`);
      assert.equal(result.jobs.open, 0, 'every stored request has run');
      assert.ok(result.jobs.total >= acknowledged, 'every acknowledged request was stored before its answer');
      assert.ok(result.jobs.total <= acknowledged + inFlightAtKill, 'no request stored twice');
      assert.equal(result.mails.total, result.jobs.total, 'one mail per stored request: none lost');
      assert.equal(result.mails.distinct, result.mails.total, 'none doubled');
    },
  );
});
