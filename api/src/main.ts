import { mkdir } from 'node:fs/promises';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createPgDb, createPgliteDb, migrate } from './db/db.js';
import type { Db } from './db/db.js';
import { ensureSeeded } from './seed/seed.js';

const config = loadConfig();
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

let db: Db;
if (config.databaseUrl) {
  db = createPgDb(config.databaseUrl);
} else {
  await mkdir(config.dataDir, { recursive: true });
  db = await createPgliteDb(config.dataDir);
}
await migrate(db);
if (await ensureSeeded(db, config)) logger.info('Demo data loaded');

const app = await buildApp({ db, config, logger });
const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
await app.listen({ port: config.port, host: '0.0.0.0' });
