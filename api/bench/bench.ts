import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createPgliteDb, migrate } from '../src/db/db.js';
import { createMailer } from '../src/mail/outbox.js';
import { DEMO_PASSWORD, seed } from '../src/seed/seed.js';

// The benchmark measures the work of a login, not the limiter that would refuse most of them.
const config = loadConfig({ API_RATE_LIMIT_AUTH: '1000000' });
const db = await createPgliteDb();
await migrate(db);
const mailer = createMailer(db, config, pino());
await seed(db, config, mailer);
const app = await buildApp({ db, config, mailer });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const base = `http://127.0.0.1:${port}`;
const xsrf = 'bench-xsrf';
const authorization = `Basic ${Buffer.from(`anna.devries@example.com:${DEMO_PASSWORD}`).toString('base64')}`;
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { authorization, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
});
const session = /PORTAL_SESSION=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
if (!session) throw new Error(`Login failed: ${login.status}`);

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: 10, connections: 10, ...options });
  console.log(
    `${title}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
}

await run('GET /api/en/profiles/P-1001/policies', {
  url: `${base}/api/en/profiles/P-1001/policies`,
  headers: { cookie: `PORTAL_SESSION=${session}` },
});
await run('POST /api/login', {
  url: `${base}/api/login`,
  method: 'POST',
  headers: { authorization, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
});
await app.close();
await db.close();
