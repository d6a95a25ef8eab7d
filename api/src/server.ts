import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { MIGRATION_LOCK, createPgDb, createPgliteDb, migrate, withAdvisoryLock } from './db/db.js';
import type { Db } from './db/db.js';
import { createMailer } from './mail/outbox.js';
import type { Mailer } from './mail/outbox.js';
import { ensureSeeded } from './seed/seed.js';

/** A started api (not yet listening) and how to stop it. */
export interface Api {
  app: FastifyInstance;
  db: Db;
  mailer: Mailer;
  /** Closes the app, waits for mails being sent, then closes the database. */
  close: () => Promise<void>;
  /**
   * A deploy's stop (SIGTERM): /readyz answers 503 at once while requests are still answered for
   * `shutdownDelaySeconds` (proxies take the replica out), then the server stops listening and the
   * requests in flight have `shutdownGraceSeconds` to finish before their connections are cut; then the
   * job workers stop (a running job finishes) and the database closes.
   */
  shutdown: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the database (PostgreSQL with DATABASE_URL, else PGlite in `config.dataDir`), runs the
 * migrations, loads the demo data when the database is empty or API_RESET=1 (both under one advisory
 * lock, so that any number of replicas may start at once), and builds the app.
 */
export async function startApi(config: Config, logger: Logger): Promise<Api> {
  let db: Db;
  if (config.databaseUrl) {
    db = createPgDb(config.databaseUrl, logger);
  } else {
    await mkdir(config.dataDir, { recursive: true });
    db = await createPgliteDb(config.dataDir);
  }
  const mailer = createMailer(db, config, logger);
  try {
    // Replicas that start together take turns: the first migrates (and seeds an empty database), the
    // others then find both done.
    const seeded = await withAdvisoryLock(db, MIGRATION_LOCK, async () => {
      await migrate(db);
      return ensureSeeded(db, config, mailer);
    });
    if (seeded) logger.info('Demo data loaded');
    const readiness = { ready: true };
    const app = await buildApp({ db, config, mailer, logger, readiness });
    const close = async () => {
      await app.close();
      await mailer.close();
      await db.close();
    };
    return {
      app,
      db,
      mailer,
      close,
      async shutdown() {
        readiness.ready = false;
        logger.info('Shutting down: /readyz answers 503; finishing the requests in flight');
        await sleep(config.shutdownDelaySeconds * 1000);
        const cut = setTimeout(() => {
          logger.warn('Requests still in flight after the grace period: their connections are closed');
          app.server.closeAllConnections();
        }, config.shutdownGraceSeconds * 1000);
        try {
          await close();
        } finally {
          clearTimeout(cut);
        }
      },
    };
  } catch (error) {
    await mailer.close();
    await db.close();
    throw error;
  }
}
