// `npm run bench -- --load`: a bounded load test of the running production stack, through the host,
// with a fault in the middle. autocannon (root devDependency) sends, on every connection in turn, a
// logged-in page (/en/insurances), a logged-in api read (the policies list), a claim (multipart, with
// a PDF receipt) and a contact request. A third of the way in one remote server is restarted (SIGTERM,
// as a redeploy); half-way the api is killed (SIGKILL, as a crash) and started again. Afterwards every
// claim number and contact request the host answered with 2xx is looked up in the database.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from './stack.mjs';
import { repoRoot } from './paths.mjs';

/** The longest run the benchmark allows. */
export const MAX_LOAD_SECONDS = 60;
const XSRF = 'load-test-xsrf';
const STUDENT = { email: 'anna.devries@example.com', profileId: 'P-1001', policyNumber: 'TR-2026-100101' };
/** The multipart boundary of {@link claimBody}. */
export const BOUNDARY = '----portal-load-test-boundary';

/** Environment the stack needs for the run: the limits per client address raised, as for the journeys. */
export const LOAD_ENV = {
  API_RATE_LIMIT_AUTH: '10000',
  API_RATE_LIMIT_CONTENT: '1000000',
  // The load sends far more claims and contact requests than one student or client may in a day.
  API_RATE_LIMIT_ANONYMOUS: '1000000',
  API_CLAIMS_PER_DAY: '1000000',
};

/** A local calendar day `days` from today, `YYYY-MM-DD`. */
function localDay(days) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A claim as multipart/form-data, the way the browser's FormData sends it. */
export function claimBody(marker) {
  const fields = {
    policyNumber: STUDENT.policyNumber,
    category: 'CLAIMS',
    incidentDate: localDay(-3),
    description: `Doctor visit (${marker})`,
    amount: '42,50',
    iban: 'NL91 ABNA 0417 1643 00',
  };
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="receipts"; filename="receipt.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%receipt ${marker}\n\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/** A contact request; it answers 204 without an id, so its subject carries the marker. */
export function contactBody(marker) {
  return JSON.stringify({
    isCustomer: 'NO',
    category: 'CLAIMS',
    name: 'Load Test',
    email: 'load.test@example.com',
    subject: marker,
    question: 'Is this request kept when the api restarts?',
  });
}

/** Logs in through the host; returns the cookie header of the session. */
async function login(host) {
  const response = await fetch(`${host}/api/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${STUDENT.email}:${DEMO_PASSWORD}`).toString('base64')}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
  });
  const session = /PORTAL_SESSION=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 200 || !session)
    throw new Error(`Login through the host answered ${response.status}.`);
  return `PORTAL_SESSION=${session}; XSRF-TOKEN=${XSRF}`;
}

/**
 * Reads back what was acknowledged: from the PostgreSQL server of `databaseUrl`, else from the
 * PGlite folder `dataDir` (only once the api has stopped: one process at a time may open it).
 */
export async function persistedSubmissions({ databaseUrl, dataDir }) {
  const require = createRequire(join(repoRoot, 'api', 'package.json'));
  const sql = {
    claims: `SELECT claim_number FROM claims WHERE profile_id = '${STUDENT.profileId}'`,
    contacts: "SELECT body->>'subject' AS subject FROM contact_requests WHERE body->>'subject' LIKE 'load-%'",
  };
  let query;
  let close;
  if (databaseUrl) {
    const { default: pg } = await import(pathToFileURL(require.resolve('pg')).href);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    query = async (text) => (await client.query(text)).rows;
    close = () => client.end();
  } else {
    const { PGlite } = await import(pathToFileURL(require.resolve('@electric-sql/pglite')).href);
    const db = new PGlite(dataDir);
    await db.waitReady;
    query = async (text) => (await db.query(text)).rows;
    close = () => db.close();
  }
  try {
    return {
      claims: new Set((await query(sql.claims)).map((row) => row.claim_number)),
      contacts: new Set((await query(sql.contacts)).map((row) => row.subject)),
    };
  } finally {
    await close();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the load for `seconds` (at most {@link MAX_LOAD_SECONDS}) against `host` with `connections`
 * connections; `faults` are `{ at: seconds, name, run: () => Promise<ms> }`, started at their time.
 * Resolves to autocannon's result, what was acknowledged per kind, and each fault's outage.
 * @param {{ host: string, seconds: number, connections?: number,
 *   faults?: { at: number, name: string, run: () => Promise<number> }[] }} options
 */
export async function runLoad({ host, seconds, connections = 10, faults = [] }) {
  const duration = Math.min(Math.max(5, seconds), MAX_LOAD_SECONDS);
  const cookie = await login(host);
  /** @type {{ claims: string[], contacts: string[] }} */
  const acknowledged = { claims: [], contacts: [] };
  const kinds = {};
  const count = (kind, status) => {
    kinds[kind] ??= { ok: 0, failed: 0 };
    kinds[kind][status >= 200 && status < 300 ? 'ok' : 'failed'] += 1;
  };
  const requests = [
    {
      method: 'GET',
      path: '/en/insurances',
      headers: { cookie },
      onResponse: (status) => count('page /en/insurances', status),
    },
    {
      method: 'GET',
      path: `/api/en/profiles/${STUDENT.profileId}/policies`,
      headers: { cookie },
      onResponse: (status) => count('api read (policies)', status),
    },
    {
      method: 'POST',
      path: '/api/en/claims',
      setupRequest: (request) => ({
        ...request,
        headers: {
          cookie,
          'x-xsrf-token': XSRF,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body: claimBody(`load-${randomUUID()}`),
      }),
      onResponse: (status, body) => {
        count('claim (multipart)', status);
        if (status === 201) acknowledged.claims.push(JSON.parse(body).claimNumber);
      },
    },
    {
      method: 'POST',
      path: '/api/portal/contactexpats',
      setupRequest: (request, context) => {
        context.marker = `load-${randomUUID()}`;
        return {
          ...request,
          headers: { cookie, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
          body: contactBody(context.marker),
        };
      },
      onResponse: (status, _body, context) => {
        count('contact request', status);
        if (status === 204) acknowledged.contacts.push(context.marker);
      },
    },
  ];

  const outages = [];
  const started = Date.now();
  const faultRuns = faults.map(async (fault) => {
    await sleep(fault.at * 1000);
    const at = (Date.now() - started) / 1000;
    const ms = await fault.run();
    outages.push({ name: fault.name, at, ms });
  });
  const result = await autocannon({
    url: host,
    connections,
    duration,
    requests,
    // The api may be down for a few seconds: a request waits at most this long for its answer.
    timeout: 10,
  });
  await Promise.all(faultRuns);
  return { result, acknowledged, kinds, outages, duration };
}
