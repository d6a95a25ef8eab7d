import { DEV_CONTENT_API_KEY } from './content/register-content.js';
import { apiPaths } from './paths.js';

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
  trustProxy: TrustProxy;
  /** API_PAYMENT_SANDBOX=1: the sandbox stands in for the payment provider (development, journeys). */
  paymentSandbox: boolean;
  /** The clock; tests inject their own to move time forward. */
  now: () => Date;
}

/** Which proxies may set X-Forwarded-* (Fastify `trustProxy`): true/false or addresses. */
export type TrustProxy = boolean | string;

/**
 * Parses TRUST_PROXY: `true`/`false`, or a comma-separated list of addresses, CIDR
 * ranges and the names `loopback`, `linklocal`, `uniquelocal`. Default `loopback`: only a proxy on
 * the same machine (the host server in development) may tell the api the client's address and scheme.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '') return 'loopback';
  if (text === 'true') return true;
  if (text === 'false') return false;
  return text;
}

/** Reads the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.API_PORT ?? 8090),
    dataDir: env.API_DATA_DIR ?? apiPaths.data,
    reset: env.API_RESET === '1',
    databaseUrl: env.DATABASE_URL || undefined,
    contentApiKey: env.CONTENT_API_KEY ?? DEV_CONTENT_API_KEY,
    devOutbox: env.API_DEV_OUTBOX === '1',
    smtpUrl: env.SMTP_URL || undefined,
    publicOrigin: (env.API_PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    paymentSandbox: env.API_PAYMENT_SANDBOX === '1',
    now: () => new Date(),
  };
}
