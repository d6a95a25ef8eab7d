import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import { pino } from 'pino';
import { createPgDb, createPgliteDb } from '../src/db/db.js';
import type { Db } from '../src/db/db.js';
import { DEMO_PASSWORD } from '../src/seed/seed.js';
import { createServerDatabase } from './test-db.js';
import type { ServerDatabase } from './test-db.js';

// The real api process, killed with SIGKILL while it writes claims and contact requests: after a
// restart every submission it acknowledged (2xx) must be there. On PGlite (a data folder) by default,
// on PostgreSQL when TEST_DATABASE_URL is set (npm test's postgres stage).

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const WORKERS = 6;
/** Acknowledged submissions of each kind before the kill, so the kill lands in the middle of the run. */
const ACKS_BEFORE_KILL = 12;
const START_TIMEOUT_MS = 90_000;
const XSRF = 'crash-test-xsrf';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One api process (`node --import tsx src/main.ts`, as `pnpm --filter api start` runs it). */
interface ApiProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await sparePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env, API_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    assert.ok(!gone, 'the api exited during start-up');
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok)
        return { child, base, exited };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the api did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
}

async function login(base: string): Promise<{ cookie: string; profileId: string }> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`anna.devries@example.com:${DEMO_PASSWORD}`).toString('base64')}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
  });
  assert.equal(response.status, 200, await response.clone().text());
  const session = /PORTAL_SESSION=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  assert.ok(session, 'the login set a session cookie');
  const { profileId } = (await response.json()) as { profileId: string };
  return { cookie: `PORTAL_SESSION=${session}; XSRF-TOKEN=${XSRF}`, profileId };
}

/** A claim on Anna's travel policy with one small PDF receipt; the description carries `marker`. */
function claimForm(marker: string): FormData {
  const form = new FormData();
  form.append('policyNumber', 'TR-2026-100101');
  form.append('category', 'CLAIMS');
  form.append('incidentDate', format(addDays(new Date(), -3), 'yyyy-MM-dd'));
  form.append('description', `Doctor visit ${marker}`);
  form.append('amount', '42,50');
  form.append('iban', 'NL91 ABNA 0417 1643 00');
  form.append(
    'receipts',
    new Blob([`%PDF-1.4\n%receipt ${marker}\n`], { type: 'application/pdf' }),
    'receipt.pdf',
  );
  return form;
}

/** A contact request whose subject is `marker`: the call answers 204 without an id. */
function contactBody(marker: string): string {
  return JSON.stringify({
    isCustomer: 'NO',
    category: 'CLAIMS',
    name: 'Load Test',
    email: 'load.test@example.com',
    subject: marker,
    question: 'Is this request kept after a crash?',
  });
}

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
              headers: { cookie, 'x-xsrf-token': XSRF },
              body: claimForm(marker),
            })
          : await fetch(`${api.base}/api/portal/contactexpats`, {
              method: 'POST',
              headers: { cookie, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
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

describe(`SIGKILL while writing (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite data folder'})`, () => {
  let dataDir: string;
  let server: ServerDatabase | null;
  let env: Record<string, string>;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-crash-'));
    server = await createServerDatabase();
    env = {
      API_DATA_DIR: dataDir,
      ...(server ? { DATABASE_URL: server.url } : { DATABASE_URL: '' }),
      API_DEV_OUTBOX: '0',
      SMTP_URL: '',
      // The run sends more than a student's daily claims and a client's hourly writes on purpose.
      API_CLAIMS_PER_DAY: '1000',
      API_RATE_LIMIT_ANONYMOUS: '1000',
    };
  });
  after(async () => {
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'should keep every claim and contact request it acknowledged before the kill',
    { timeout: 300_000 },
    async (t) => {
      const first = await startApi(env);
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
      const second = await startApi(env);
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
      const db: Db = server
        ? createPgDb(server.url, pino({ level: 'silent' }))
        : await createPgliteDb(dataDir);
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
