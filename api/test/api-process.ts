// Real api processes for the tests that start, kill and restart them (crash.test.ts, and the replicas
// stage in test-replicas/).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { addDays, format } from 'date-fns';
import { createXsrfToken } from '../src/auth/xsrf-token.js';
import { DEMO_PASSWORD } from '../src/seed/seed.js';

export const apiDir = fileURLToPath(new URL('..', import.meta.url));
export const START_TIMEOUT_MS = 90_000;
/** XSRF_SECRET of every api process the tests start: each replica signs and checks with it. */
export const PROCESS_XSRF_SECRET = 'the-anti-forgery-key-of-the-test-processes';
/** An anti-forgery token the processes accept for `sessionId` (the empty string: no session). */
export const xsrfFor = (sessionId: string): string =>
  createXsrfToken(Buffer.from(PROCESS_XSRF_SECRET, 'utf8'), sessionId);
/** An anti-forgery token for calls without a session. */
export const XSRF = xsrfFor('');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One api process (`node --import tsx src/main.ts`, as `pnpm --filter api start` runs it). */
export interface ApiProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts an api process on a spare port, or on `port` (a replica restarted where it was). */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  port ??= await sparePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      XSRF_SECRET: PROCESS_XSRF_SECRET,
      ...process.env,
      ...env,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
    },
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

export async function login(base: string): Promise<{ cookie: string; profileId: string }> {
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
  return { cookie: `PORTAL_SESSION=${session}; XSRF-TOKEN=${xsrfFor(session)}`, profileId };
}

/** A claim on Anna's travel policy with one small PDF receipt; the description carries `marker`. */
export function claimForm(marker: string): FormData {
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
export function contactBody(marker: string): string {
  return JSON.stringify({
    isCustomer: 'NO',
    category: 'CLAIMS',
    name: 'Load Test',
    email: 'load.test@example.com',
    subject: marker,
    question: 'Is this request kept after a crash?',
  });
}
