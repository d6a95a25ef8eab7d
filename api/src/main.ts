import pino from 'pino';
import { loadConfig } from './config.js';
import { startApi } from './server.js';

const config = loadConfig();
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

const api = await startApi(config, logger);
const shutdown = async () => {
  await api.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// Containers listen on every interface; `npm start` sets LISTEN_HOST=127.0.0.1 (scripts/lib/stack.mjs).
await api.app.listen({ port: config.port, host: process.env.LISTEN_HOST || '0.0.0.0' });
