import pino from 'pino';
import { loadConfig } from './config.js';
import { startApi } from './server.js';

const config = loadConfig();
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

const api = await startApi(config, logger);
// Ctrl+C in development stops at once; a deploy's SIGTERM first lets proxies move away (see Api.shutdown).
const stop = (how: () => Promise<void>) => async () => {
  try {
    await how();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
};
process.once('SIGINT', () => void stop(api.close)());
process.once('SIGTERM', () => void stop(api.shutdown)());
// Containers listen on every interface; `npm start` sets LISTEN_HOST=127.0.0.1 (scripts/lib/stack.mjs).
await api.app.listen({ port: config.port, host: process.env.LISTEN_HOST || '0.0.0.0' });
