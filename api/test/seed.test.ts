// The demo data, row by row, as one fixed day seeds it: the students, policies and claims the journeys,
// the docs and the README rely on. A change to the seed that changes a row fails here; a change meant to
// change the demo data writes the new snapshot with SEED_SNAPSHOT=update and shows the rows in the diff.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { verifyPassword } from '../src/auth/passwords.js';
import { hashLinkToken } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/db.js';
import type { Db } from '../src/db/db.js';
import { createMailer } from '../src/mail/outbox.js';
import type { Mailer } from '../src/mail/outbox.js';
import { demoData } from '../src/seed/demo-data.js';
import { DEMO_PASSWORD, seed } from '../src/seed/seed.js';
import { TEST_SCRYPT_LOG_N } from './helpers.js';
import { createTestDb } from './test-db.js';

// The seed writes local hours (a claim step at ten in the morning): one zone, whatever the machine's.
process.env.TZ = 'Europe/Amsterdam';

const SNAPSHOT = new URL('./seed-snapshot.json', import.meta.url);

/**
 * A local afternoon the day after the clocks went forward, with minutes, seconds and milliseconds: the
 * seed keeps them in its timestamps, and day arithmetic across the change shows in the hours.
 */
const NOW = new Date(2026, 2, 30, 14, 37, 21, 123);

type Snapshot = Record<string, string[]>;

/** Every row the seed wrote, one JSON line each, sorted; what is random each time is checked, then named. */
async function seededRows(db: Db, startedAt: Date): Promise<Snapshot> {
  const [mail] = await db.query<{ links: string[] }>('SELECT links FROM outbox');
  const token = /\/activate\/([^/]+)\//.exec(mail?.links[0] ?? '')?.[1];
  assert.ok(token, 'the account that is not yet activated gets its activation link');
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const snapshot: Snapshot = {};
  for (const { name } of tables) {
    const rows = await db.query(`SELECT * FROM ${name}`);
    if (rows.length === 0 || name === 'migrations' || name === 'schema_migrations') continue;
    // PostgreSQL's driver reads a bigint as a string, PGlite as a number: the snapshot holds numbers.
    const bigints = new Set(
      (
        await db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = $1 AND data_type = 'bigint'`,
          [name],
        )
      ).map((row) => row.column_name),
    );
    const lines: string[] = [];
    for (const row of rows) {
      const entries = await Promise.all(
        Object.entries(row).map(
          async ([column, value]) =>
            [
              column,
              bigints.has(column) && value !== null ? Number(value) : await named(column, value),
            ] as const,
        ),
      );
      lines.push(JSON.stringify(Object.fromEntries(entries)).replaceAll(token, '<token>'));
    }
    snapshot[name] = lines.sort();
  }
  // The policies' order of creation is the order their page lists them in.
  snapshot['policies by creation'] = (
    await db.query<{ policy_id: string }>('SELECT policy_id FROM policies ORDER BY created_at, policy_id')
  ).map((row) => row.policy_id);
  return snapshot;

  async function named(column: string, value: unknown): Promise<unknown> {
    if (column === 'password_hash') {
      assert.ok(await verifyPassword(DEMO_PASSWORD, String(value)));
      return '<hash of the demo password>';
    }
    if (column === 'token_hash') {
      assert.equal(value, hashLinkToken(token ?? ''));
      return '<hash of the token>';
    }
    if (column === 'id' && typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) return '<uuid>';
    if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
      return `sha256:${createHash('sha256').update(value).digest('hex')}`;
    }
    if (value instanceof Date) {
      // The moment of seeding (a column's default now()) is the wall clock's, not the seed's day.
      return value.getTime() >= startedAt.getTime() - 1000 && value.getTime() <= Date.now() + 1000
        ? '<time of seeding>'
        : value.toISOString();
    }
    return value;
  }
}

describe('the demo data', () => {
  let db: Db;
  let mailer: Mailer;

  before(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  after(async () => {
    await mailer?.close();
    await db?.close();
  });

  it('is seeded row for row as the snapshot holds it', async () => {
    const config = { ...loadConfig({}), scryptLogN: TEST_SCRYPT_LOG_N, now: () => NOW };
    mailer = createMailer(db, config, pino({ level: 'silent' }));
    const startedAt = new Date();
    await seed(db, config, mailer);
    const rows = await seededRows(db, startedAt);
    if (process.env.SEED_SNAPSHOT === 'update') {
      writeFileSync(SNAPSHOT, `${JSON.stringify(rows, null, 2)}\n`);
      console.log(`wrote ${SNAPSHOT.pathname}; run prettier --write on it`);
    }
    const expected = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot;
    assert.deepEqual(Object.keys(rows).sort(), Object.keys(expected).sort());
    for (const [table, lines] of Object.entries(expected)) assert.deepEqual(rows[table], lines, table);
  });

  it("is checked as it is read: a misspelt field or a claim on another student's policy stops the seed", () => {
    const files = demoData();
    const [anna, , chen] = files.students;
    assert.ok(anna && chen);
    const misspelt = { ...files, students: [{ ...anna, firstname: 'Anna' }, ...files.students.slice(1)] };
    assert.throws(() => demoData(misspelt), /demo data files are invalid:[\s\S]*firstname/);
    const offDay = { ...files, claims: files.claims.map((claim) => ({ ...claim, incident: { days: 1.5 } })) };
    assert.throws(() => demoData(offDay), /incident\.days/);
    const [claim] = files.claims;
    assert.ok(claim);
    const notHers = { ...files, claims: [{ ...claim, profile: anna.profile }] };
    assert.throws(
      () => demoData(notHers),
      /every invoice and claim is on a policy number of its own student/,
    );
    assert.equal(demoData(files).students.length, files.students.length);
  });
});
