import path from 'node:path';

/** Run-time settings of the api (from the environment, see README). */
export interface Config {
  port: number;
  dataDir: string;
  reset: boolean;
  databaseUrl?: string;
  contentApiKey: string;
  devOutbox: boolean;
  smtpUrl?: string;
  publicOrigin: string;
  /** The clock; tests inject their own to move time forward. */
  now: () => Date;
}

/** Documented development default of the content API key. */
export const DEV_CONTENT_API_KEY = 'portal-dev-content-key';

/** Reads the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.API_PORT ?? 8090),
    dataDir: env.API_DATA_DIR ?? path.resolve('.data'),
    reset: env.API_RESET === '1',
    databaseUrl: env.DATABASE_URL || undefined,
    contentApiKey: env.CONTENT_API_KEY ?? DEV_CONTENT_API_KEY,
    devOutbox: env.API_DEV_OUTBOX === '1',
    smtpUrl: env.SMTP_URL || undefined,
    publicOrigin: (env.API_PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/$/, ''),
    now: () => new Date(),
  };
}
