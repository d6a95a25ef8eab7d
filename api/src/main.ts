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
await api.app.listen({ port: config.port, host: '0.0.0.0' });
