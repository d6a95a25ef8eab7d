import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';

/** The little the api needs from a database: parameterised queries and closing. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

// A DATE is a calendar day, not an instant: read it as the `YYYY-MM-DD` text the wire uses. As a
// JavaScript Date it would be UTC midnight, a day early wherever the server's zone is behind UTC.
const DATE_OID = 1082;
const keepDateText = (value: string) => value;

/** In-process PostgreSQL (PGlite): in memory without `dataDir`, else kept in that folder. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const parsers = { [types.DATE]: keepDateText };
  const client = dataDir ? new PGlite(dataDir, { parsers }) : new PGlite({ parsers });
  await client.waitReady;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    close: () => client.close(),
  };
}

/** A real PostgreSQL server through a `pg` pool. */
export function createPgDb(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID
          ? keepDateText
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    close: () => pool.end(),
  };
}

// Located from the working directory (the api package, or the workspace root) rather than
// import.meta, so the same code runs under tsx (ESM) and under Jest (CommonJS).
function migrationsDir(): string {
  const candidates = [path.resolve('migrations'), path.resolve('api/migrations')];
  return process.env.API_MIGRATIONS_DIR ?? candidates.find((dir) => existsSync(dir)) ?? candidates[0]!;
}

/** Runs the SQL files of api/migrations not yet recorded in the `migrations` table, in name order. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)',
  );
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM migrations')).map((row) => row.name),
  );
  const dir = migrationsDir();
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    for (const statement of sql
      .split(/;\s*$/m)
      .map((part) => part.trim())
      .filter(Boolean)) {
      await db.query(statement);
    }
    await db.query('INSERT INTO migrations (name, applied_at) VALUES ($1, now())', [file]);
    applied.push(file);
  }
  return applied;
}
