import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import {
  MIGRATION_LOCK,
  RENAMED_MIGRATIONS,
  createPgDb,
  createPgliteDb,
  migrate,
  withAdvisoryLock,
} from '../src/db/db.js';
import type { Db } from '../src/db/db.js';
import { createMailer } from '../src/mail/outbox.js';
import { apiPaths } from '../src/paths.js';
import { loadOpenapi } from '../src/http/meta.js';
import { seed } from '../src/seed/seed.js';
import { createServerDatabase } from './test-db.js';

const MIGRATIONS = readdirSync(apiPaths.migrations)
  .filter((file) => file.endsWith('.sql'))
  .sort();

/** `db`, except that statements matching `failOn` throw, in and outside transactions. */
function failingOn(db: Db, failOn: RegExp): Db {
  const wrap = (inner: Db): Db => ({
    query: (sql, params) =>
      failOn.test(sql) ? Promise.reject(new Error('disk full')) : inner.query(sql, params),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    executeSql: (text, values) =>
      failOn.test(text) ? Promise.reject(new Error('disk full')) : inner.executeSql(text, values),
    close: () => inner.close(),
  });
  return wrap(db);
}

describe('database', () => {
  it('should run the migrations once and record them', async () => {
    const db = await createPgliteDb();
    const expected = [
      '001_init.sql',
      '002_outbox_delivery.sql',
      '003_payments_owner.sql',
      '004_security.sql',
      '005_claim_history_and_receipts.sql',
      '006_proofs_of_cover.sql',
      '007_security_round_two.sql',
      '008_visitor_claims.sql',
      '010_passkeys.sql',
      '011_mail_jobs.sql',
      '012_rate_limits.sql',
      '013_email_normal_form.sql',
      '014_visitor_claim_confirmation.sql',
      '015_privacy_sessions_and_exports.sql',
      '016_passkey_confirmation.sql',
      '017_server_keys.sql',
      '018_claim_rejection_reason.sql',
      '019_claim_handler.sql',
      '020_mail_language_and_claim_updates.sql',
      '021_resumable_receipt_uploads.sql',
    ];
    assert.deepEqual(await migrate(db), expected);
    assert.deepEqual(MIGRATIONS, expected);
    assert.deepEqual(await migrate(db), []);
    assert.deepEqual(await db.query('SELECT 1 AS one'), [{ one: 1 }]);
    await db.close();
  });

  it('should give every migration file a number of its own', () => {
    const numbers = MIGRATIONS.map((file) => file.split('_')[0]);
    assert.equal(new Set(numbers).size, numbers.length, numbers.join(', '));
  });

  it('should run no renamed file again on a database that recorded it under its earlier name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-migrations-'));
    const earlier = Object.fromEntries(
      Object.entries(RENAMED_MIGRATIONS).map(([before, now]) => [now, before]),
    );
    try {
      for (const file of MIGRATIONS)
        copyFileSync(path.join(apiPaths.migrations, file), path.join(dir, earlier[file] ?? file));
      const db = await createPgliteDb();
      assert.ok((await migrate(db, dir)).includes('003_security.sql'));
      // The earlier 003_security.sql adds columns without IF NOT EXISTS: run again, it would fail.
      assert.deepEqual(await migrate(db), []);
      const recorded = await db.query<{ name: string }>('SELECT name FROM migrations');
      const names = new Set(recorded.map((row) => row.name));
      for (const file of MIGRATIONS) assert.ok(names.has(file), `${file} recorded`);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should hold the migration lock while its work runs and let it go after, also on a failure', async () => {
    const db = await createPgliteDb();
    const held = () =>
      db.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1", [
        MIGRATION_LOCK % 2 ** 32,
      ]);
    assert.equal(await withAdvisoryLock(db, MIGRATION_LOCK, async () => (await held()).length), 1);
    await assert.rejects(
      withAdvisoryLock(db, MIGRATION_LOCK, () => Promise.reject(new Error('disk full'))),
      /disk full/,
    );
    assert.equal((await held()).length, 0);
    await db.close();
  });

  it('should keep the claims filed before their history and receipts were stored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-migrations-'));
    try {
      for (const file of ['001_init.sql', '002_outbox_delivery.sql', '004_security.sql'])
        copyFileSync(path.join(apiPaths.migrations, file), path.join(dir, file));
      const db = await createPgliteDb();
      await migrate(db, dir);
      await db.query("INSERT INTO accounts (id, email, password_hash) VALUES ('A-1', 'a@example.com', 'x')");
      await db.query(
        `INSERT INTO profiles (profile_id, account_id, gender, first_name, surname, birth_date, country_of_origin,
          nationality, editable, customer_type) VALUES ('P-1', 'A-1', 'FEMALE', 'A', 'B', '2000-01-01', 'BE', 'BE',
          true, 'INDIVIDUAL')`,
      );
      await db.query(
        `INSERT INTO claims (claim_number, profile_id, policy_number, category, incident_date, description, amount,
          iban, receipts, status, submitted_at) VALUES ('CLM-2026-00000001', 'P-1', 'TR-1', 'CLAIMS', '2026-01-02',
          'Old', 10, 'NL91ABNA0417164300', $1, 'RECEIVED', '2026-01-03T10:00:00Z')`,
        [JSON.stringify([{ name: 'old.pdf', type: 'application/pdf', size: 12 }])],
      );
      copyFileSync(
        path.join(apiPaths.migrations, '005_claim_history_and_receipts.sql'),
        path.join(dir, '005_claim_history_and_receipts.sql'),
      );
      assert.deepEqual(await migrate(db, dir), ['005_claim_history_and_receipts.sql']);
      assert.deepEqual(await db.query('SELECT claim_number, status FROM claim_history'), [
        { claim_number: 'CLM-2026-00000001', status: 'RECEIVED' },
      ]);
      assert.deepEqual(
        await db.query('SELECT name, content_type, size, stored, position FROM claim_receipts'),
        [{ name: 'old.pdf', content_type: 'application/pdf', size: 12, stored: false, position: 0 }],
      );
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should run each migration in a transaction with its record', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-migrations-'));
    try {
      writeFileSync(path.join(dir, '001_first.sql'), 'CREATE TABLE first (id INT);\n');
      writeFileSync(
        path.join(dir, '002_broken.sql'),
        'CREATE TABLE half (id INT);\n\nINSERT INTO no_such_table VALUES (1);\n',
      );
      const db = await createPgliteDb();
      await assert.rejects(migrate(db, dir), /no_such_table/);
      const recorded = await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY name');
      assert.deepEqual(
        recorded.map((row) => row.name),
        ['001_first.sql'],
      );
      const tables = await db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('first', 'half')",
      );
      assert.deepEqual(
        tables.map((row) => row.name),
        ['first'],
        'the failed file left nothing behind',
      );
      writeFileSync(path.join(dir, '002_broken.sql'), 'CREATE TABLE half (id INT);\n');
      assert.deepEqual(await migrate(db, dir), ['002_broken.sql'], 'the fixed file runs on the next start');
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should seed in one transaction: a failure keeps the previous data', async () => {
    const db = await createPgliteDb();
    await migrate(db);
    const config = loadConfig({});
    const mailer = createMailer(db, config, pino({ level: 'silent' }));
    await seed(db, config, mailer);
    await db.query("UPDATE profiles SET surname = 'Changed' WHERE profile_id = 'P-1001'");
    // The postcodes come last: everything before them (the truncate included) must be undone.
    await assert.rejects(seed(failingOn(db, /INSERT INTO postcodes/), config, mailer), /disk full/);
    const [anna] = await db.query<{ surname: string }>(
      "SELECT surname FROM profiles WHERE profile_id = 'P-1001'",
    );
    assert.equal(anna?.surname, 'Changed');
    assert.equal((await db.query('SELECT 1 FROM outbox')).length, 1, 'only the first activation mail');
    assert.equal((await db.query('SELECT 1 FROM postcodes')).length, 100);
    await mailer.close();
    await db.close();
  });

  it('should find migrations, the OpenAPI document and the content whatever the working directory', async () => {
    const cwd = process.cwd();
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'api-cwd-'));
    process.chdir(elsewhere);
    try {
      const db = await createPgliteDb();
      assert.deepEqual(await migrate(db), MIGRATIONS);
      assert.ok((await loadOpenapi()).paths);
      const config = loadConfig({});
      assert.equal(config.dataDir, apiPaths.data);
      assert.ok(config.dataDir.endsWith(`${path.sep}api${path.sep}.data`), config.dataDir);
      const app = await buildApp({ db, config });
      const content = await app.inject({
        method: 'POST',
        url: `/sitecore/api/graph/edge?sc_apikey=${config.contentApiKey}`,
        payload: { query: '{ contactCategories(language: "en") { id } }' },
      });
      assert.equal(content.statusCode, 200, content.body);
      assert.equal(content.json().data.contactCategories.length, 3);
      await app.close();
      await db.close();
    } finally {
      process.chdir(cwd);
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  describe('PostgreSQL pool (DATABASE_URL)', () => {
    it('should log an idle connection error instead of crashing, and reject queries it cannot run', async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const logged: unknown[] = [];
      const db = createPgDb(`postgres://portal@127.0.0.1:${port}/portal`, {
        error: (...args: unknown[]) => {
          logged.push(args);
        },
      });
      // What pg does when the server closes an idle connection; without a listener this throws.
      db.pool.emit('error', new Error('terminating connection due to administrator command'));
      assert.equal(logged.length, 1);
      await assert.rejects(db.query('SELECT 1'), /ECONNREFUSED/);
      await assert.rejects(
        db.transaction((tx) => tx.query('SELECT 1')),
        /ECONNREFUSED/,
      );
      await db.close();
    });
  });
});

describe('transactions on PostgreSQL', { skip: !process.env.TEST_DATABASE_URL }, () => {
  it('should run a transaction again when PostgreSQL ends it as a deadlock victim, and not other failures', async () => {
    const database = await createServerDatabase();
    assert.ok(database);
    const db = createPgDb(database.url, pino({ level: 'silent' }));
    try {
      await db.query('CREATE TABLE tries (n INTEGER)');
      let runs = 0;
      await db.transaction(async (tx) => {
        runs += 1;
        await tx.query('INSERT INTO tries (n) VALUES ($1)', [runs]);
        if (runs === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      });
      assert.equal(runs, 2);
      assert.deepEqual(await db.query('SELECT n FROM tries'), [{ n: 2 }], 'the first run was rolled back');
      let failing = 0;
      await assert.rejects(
        db.transaction(async () => {
          failing += 1;
          throw Object.assign(new Error('unique violation'), { code: '23505' });
        }),
        /unique violation/,
      );
      assert.equal(failing, 1);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
