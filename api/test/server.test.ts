import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { startApi } from '../src/server.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * These start the api on a PGlite data folder whatever TEST_DATABASE_URL says: npm test's unit stage
 * runs them (test:pglite), and its postgres stage, which runs the rest of the suite on PostgreSQL,
 * would only run them a second time.
 */
const pgliteOnly = process.env.TEST_DATABASE_URL ? 'PGlite only: test:pglite runs it' : false;

describe('start-up and restart (PGlite data folder)', { skip: pgliteOnly }, () => {
  let dataDir: string;
  let smtpUrl: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-data-'));
    smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  /** One lifecycle of the api on the same data folder: start, look, stop. */
  async function lifecycle<T>(
    env: Record<string, string>,
    check: (api: Awaited<ReturnType<typeof startApi>>) => Promise<T>,
  ) {
    const config = loadConfig({ API_DATA_DIR: dataDir, SMTP_URL: smtpUrl, API_DEV_OUTBOX: '1', ...env });
    const api = await startApi(config, pino({ level: 'silent' }));
    try {
      return await check(api);
    } finally {
      await api.close();
    }
  }

  const surname = async (api: Awaited<ReturnType<typeof startApi>>) => {
    const [row] = await api.db.query<{ surname: string }>(
      "SELECT surname FROM profiles WHERE profile_id = 'P-1001'",
    );
    return row?.surname;
  };

  it('should seed on first start (even with an unreachable SMTP server), keep changes on restart and reseed with API_RESET=1', async () => {
    await lifecycle({}, async (api) => {
      assert.equal(await surname(api), 'de Vries');
      await api.mailer.idle();
      const [activation] = await api.db.query<{ delivery_status: string; delivery_error: string | null }>(
        "SELECT delivery_status, delivery_error FROM outbox WHERE recipient = 'new.student@example.com'",
      );
      assert.equal(activation?.delivery_status, 'PENDING', 'stored, tried, kept for the next try');
      assert.match(activation.delivery_error ?? '', /ECONNREFUSED|connect/i, 'and start-up went on');
      await api.db.query("UPDATE profiles SET surname = 'Changed' WHERE profile_id = 'P-1001'");
    });
    await lifecycle({}, async (api) => {
      assert.equal(await surname(api), 'Changed', 'a plain restart keeps the data');
      const health = await api.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(health.statusCode, 200);
    });
    await lifecycle({ API_RESET: '1' }, async (api) => {
      assert.equal(await surname(api), 'de Vries', 'API_RESET=1 loads the demo data again');
      const outbox = await api.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      assert.equal(outbox.json().length, 1, 'one activation mail, not one per start');
    });
  });
});

describe('production mode (NODE_ENV=production)', { skip: pgliteOnly }, () => {
  const production = {
    NODE_ENV: 'production',
    CONTENT_API_KEY: 'a-key-of-our-own',
    API_PUBLIC_ORIGIN: 'https://portal.example',
  };

  it('should refuse to start without its settings or with a development aid on, naming each variable', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      (error: Error) => /CONTENT_API_KEY/.test(error.message) && /API_PUBLIC_ORIGIN/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ ...production, API_DEV_OUTBOX: '1', API_PAYMENT_SANDBOX: '1' }),
      (error: Error) => /API_DEV_OUTBOX/.test(error.message) && /API_PAYMENT_SANDBOX/.test(error.message),
    );
    assert.equal(loadConfig(production).production, true);
    assert.equal(loadConfig({}).seedDemo, true, 'npm start stays the demo');
  });

  it('should load no demo accounts into an empty database unless API_SEED_DEMO=1', async () => {
    const accounts = async (env: Record<string, string>) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'api-production-'));
      const api = await startApi(
        loadConfig({ ...production, ...env, API_DATA_DIR: dataDir }),
        pino({ level: 'silent' }),
      );
      try {
        const [row] = await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
        return row?.count;
      } finally {
        await api.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    assert.equal(await accounts({}), 0);
    assert.ok(((await accounts({ API_SEED_DEMO: '1' })) ?? 0) > 0, 'the demo profile seeds');
  });
});
