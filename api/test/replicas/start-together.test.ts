import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createPgDb } from '../../src/db/db.js';
import type { PgDb } from '../../src/db/db.js';
import { apiPaths } from '../../src/paths.js';
import { startApi } from '../api-process.js';
import type { ApiProcess } from '../api-process.js';
import { createServerDatabase } from '../test-db.js';
import type { ServerDatabase } from '../test-db.js';

// npm test's replicas stage: replicas started at the same instant on an empty PostgreSQL database, as
// `docker compose up --scale api=4` or an orchestrator starts them, with no order between them.

const REPLICAS = 4;

describe(
  'four api replicas started at once on an empty PostgreSQL database',
  { skip: !process.env.TEST_DATABASE_URL },
  () => {
    let server: ServerDatabase;
    let db: PgDb;
    const replicas: ApiProcess[] = [];

    before(async () => {
      const created = await createServerDatabase();
      assert.ok(created);
      server = created;
      db = createPgDb(server.url, pino({ level: 'silent' }));
    });
    after(async () => {
      for (const replica of replicas) replica.child.kill('SIGKILL');
      await db?.close();
      await server?.drop();
    });

    it('should give one schema, one seed and four healthy replicas', { timeout: 180_000 }, async () => {
      const env = {
        DATABASE_URL: server.url,
        API_DEV_OUTBOX: '0',
        SMTP_URL: '',
      };
      const started = await Promise.allSettled(
        Array.from({ length: REPLICAS }, () =>
          startApi({ ...env, API_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'replicas-together-')) }),
        ),
      );
      for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
      assert.deepEqual(
        started.filter((result) => result.status === 'rejected').map((result) => String(result.reason)),
        [],
        'every replica started',
      );
      for (const replica of replicas) {
        const health = await fetch(`${replica.base}/healthz`);
        assert.equal(health.status, 200);
      }

      const files = readdirSync(apiPaths.migrations).filter((file) => file.endsWith('.sql'));
      const [migrations] = await db.query<{ total: number; distinct: number }>(
        'SELECT count(*)::int AS total, count(DISTINCT name)::int AS distinct FROM migrations',
      );
      assert.deepEqual(migrations, { total: files.length, distinct: files.length }, 'each migration once');
      const [accounts] = await db.query<{ total: number; anna: number }>(
        "SELECT count(*)::int AS total, count(*) FILTER (WHERE email = 'anna.devries@example.com')::int AS anna FROM accounts",
      );
      assert.equal(accounts?.anna, 1, 'the demo data loaded once');
      const [activations] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM outbox');
      assert.ok(
        (activations?.total ?? 0) <= (accounts?.total ?? 0),
        `one seed's mails only: ${activations?.total} mails for ${accounts?.total} accounts`,
      );
    });
  },
);
