import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { createPgDb, createPgliteDb, migrate } from './db/db.js';
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
}

/**
 * Opens the database (PostgreSQL with DATABASE_URL, else PGlite in `config.dataDir`), runs the
 * migrations, loads the demo data when the database is empty or API_RESET=1, and builds the app.
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
    await migrate(db);
    if (await ensureSeeded(db, config, mailer)) logger.info('Demo data loaded');
    const app = await buildApp({ db, config, mailer, logger });
    return {
      app,
      db,
      mailer,
      async close() {
        await app.close();
        await mailer.close();
        await db.close();
      },
    };
  } catch (error) {
    await mailer.close();
    await db.close();
    throw error;
  }
}
