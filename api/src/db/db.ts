import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { BaseLogger } from 'pino';
import { apiPaths } from '../paths.js';

/** The little the api needs from a database: parameterised queries, transactions and closing. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. `fn` must use
   * the `Db` it receives; calls on the outer one would run outside the transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * The job queue's way in (pg-boss's `executeSql`): with `values`, one parameterised statement; without,
   * a script of several statements, answering the rows of the last. Through a transaction's `Db`, a job
   * sent with it is stored (or dropped) with the transaction.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

type PgliteQueryable = Pick<Transaction, 'query' | 'exec'>;

function pgliteExecuteSql(target: PgliteQueryable) {
  return async (text: string, values: unknown[] = []) => {
    if (values.length > 0) return { rows: (await target.query(text, values)).rows };
    const results = await target.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

/** Where database problems that belong to no request are reported. */
export type DbLogger = Pick<BaseLogger, 'error'>;

// A DATE is a calendar day, not an instant: read it as the `YYYY-MM-DD` text the wire uses. As a
// JavaScript Date it would be UTC midnight, a day early wherever the server's zone is behind UTC.
const DATE_OID = 1082;
const keepDateText = (value: string) => value;

// Inside a transaction a nested `transaction` simply joins it: the outer one commits or rolls back.
function pgliteTransactionDb(tx: Transaction): Db {
  const db: Db = {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await tx.query<T>(sql, params)).rows;
    },
    transaction: (fn) => fn(db),
    executeSql: pgliteExecuteSql(tx),
    close: async () => {
      throw new Error('A transaction cannot close the database.');
    },
  };
  return db;
}

/** In-process PostgreSQL (PGlite): in memory without `dataDir`, else kept in that folder. */
export async function createPgliteDb(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  const parsers = { [types.DATE]: keepDateText };
  const client = dataDir ? new PGlite(dataDir, { parsers, ...options }) : new PGlite({ parsers, ...options });
  await client.waitReady;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    transaction: (fn) => client.transaction((tx) => fn(pgliteTransactionDb(tx))),
    executeSql: pgliteExecuteSql(client),
    close: () => client.close(),
  };
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** How often a transaction that PostgreSQL ended as a deadlock victim is run. */
const TRANSACTION_ATTEMPTS = 5;

/**
 * The wait before the next attempt: doubling from 50 ms, with jitter, so that the transaction the
 * server let through (a mail job, say) has finished before this one takes its locks again, and two
 * victims do not meet again in step.
 */
function retryDelayMs(attempt: number): number {
  return 50 * 2 ** (attempt - 1) * (0.5 + Math.random());
}

function pgQuery(target: Queryable) {
  return async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const result = await target.query(sql, params);
    return result.rows as T[];
  };
}

function pgExecuteSql(target: Queryable) {
  return async (text: string, values: unknown[] = []) => {
    // Without values, `pg` sends the text as a simple query, which may hold several statements and
    // then answers a result per statement.
    const result: pg.QueryResult | pg.QueryResult[] = await (values.length > 0
      ? target.query(text, values)
      : target.query(text));
    return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
  };
}

/** A `Db` on a real PostgreSQL server; `pool` is exposed for start-up checks and tests. */
export interface PgDb extends Db {
  pool: pg.Pool;
}

/**
 * A real PostgreSQL server through a `pg` pool. Errors of idle connections (a restarted server, a
 * dropped network) are logged; the pool replaces the connection on the next query instead of the
 * process dying on an unhandled 'error' event.
 */
export function createPgDb(connectionString: string, logger: DbLogger): PgDb {
  const pool = new pg.Pool({
    connectionString,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID
          ? keepDateText
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (err) => {
    logger.error({ err }, 'Idle database connection failed; it will be replaced');
  });
  return {
    pool,
    query: pgQuery(pool),
    executeSql: pgExecuteSql(pool),
    // PostgreSQL ends one side of a deadlock (and of a serialization conflict) and says to try it
    // again: the whole transaction runs again, a few times, before the error reaches the caller.
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await runTransaction(fn);
        } catch (error) {
          const code = (error as { code?: unknown } | null)?.code;
          if (attempt >= TRANSACTION_ATTEMPTS || (code !== '40P01' && code !== '40001')) throw error;
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
        }
      }
    },
    close: () => pool.end(),
  };

  // One dedicated connection for the whole transaction: the pool would spread queries over several.
  async function runTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    const tx: Db = {
      query: pgQuery(client),
      transaction: (inner) => inner(tx),
      executeSql: pgExecuteSql(client),
      close: async () => {
        throw new Error('A transaction cannot close the database.');
      },
    };
    try {
      await client.query('BEGIN');
      const result = await fn(tx);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        client.release();
      } catch (rollbackError) {
        // A connection that cannot even roll back is discarded rather than handed out again.
        client.release(rollbackError instanceof Error ? rollbackError : true);
      }
      throw error;
    }
  }
}

/** The advisory lock every api process takes to migrate and seed: one key for the whole portal. */
export const MIGRATION_LOCK = 4_200_710_001;
/** The advisory lock key under which a replica creates its job queues. */
export const JOB_QUEUE_LOCK = 4_200_710_002;

/**
 * Runs `fn` while holding PostgreSQL's session-level advisory lock `key`: processes that start at the
 * same moment on one database take turns, each seeing what the one before it did. On a server the lock
 * is held on one connection of its own (the pool would give lock and unlock to different sessions);
 * PGlite has one session, which takes it the same way.
 */
export async function withAdvisoryLock<T>(db: Db | PgDb, key: number, fn: () => Promise<T>): Promise<T> {
  if ('pool' in db) {
    const client = await db.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  }
  await db.query('SELECT pg_advisory_lock($1)', [key]);
  try {
    return await fn();
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [key]);
  }
}

/**
 * Migration files renamed so that no two share a number, by their earlier name: a database that
 * recorded the earlier name has run the file, which is recorded under its new name and not run again.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '003_security.sql': '004_security.sql',
  '004_claim_history_and_receipts.sql': '005_claim_history_and_receipts.sql',
  '005_proofs_of_cover.sql': '006_proofs_of_cover.sql',
  '006_security_round_two.sql': '007_security_round_two.sql',
  '007_visitor_claims.sql': '008_visitor_claims.sql',
};

/**
 * Runs the SQL files of api/migrations (or `dir`) not yet recorded in the `migrations` table, in name
 * order. Each file runs in its own transaction together with its record, so a failing file leaves
 * neither half a schema nor a record claiming it ran. Callers that may start beside others take
 * {@link MIGRATION_LOCK} around it (see {@link withAdvisoryLock}).
 */
export async function migrate(db: Db, dir: string = apiPaths.migrations): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)',
  );
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM migrations')).map((row) => row.name),
  );
  for (const [before, now] of Object.entries(RENAMED_MIGRATIONS)) {
    if (!done.has(before) || done.has(now)) continue;
    await db.query(
      'INSERT INTO migrations (name, applied_at) SELECT $1, applied_at FROM migrations WHERE name = $2',
      [now, before],
    );
    done.add(now);
  }
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    const statements = sql
      .split(/;\s*$/m)
      .map((part) => part.trim())
      .filter(Boolean);
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.query(statement);
      await tx.query('INSERT INTO migrations (name, applied_at) VALUES ($1, now())', [file]);
    });
    applied.push(file);
  }
  return applied;
}
