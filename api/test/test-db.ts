import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { createPgDb, createPgliteDb } from '../src/db/db.js';
import type { Db } from '../src/db/db.js';

/**
 * A fresh, empty database for one test app. By default an in-memory PGlite; with TEST_DATABASE_URL
 * (npm test's postgres stage sets it) a database of its own on that real PostgreSQL server, created
 * here and dropped when the test closes it, so the same tests prove both paths.
 */
export async function createTestDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return createPgliteDb();
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPgDb(url.href, pino({ level: 'silent' }));
  return {
    ...db,
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await dropper.end();
      }
    },
  };
}
