import { DEV_CONTENT_API_KEY } from './content/register-content.js';
import { apiPaths } from './paths.js';

/** Run-time settings of the api (from the environment, see docs/operations.md). */
export interface Config {
  port: number;
  dataDir: string;
  reset: boolean;
  databaseUrl?: string;
  contentApiKey: string;
  devOutbox: boolean;
  smtpUrl?: string;
  /** How often a mail that SMTP refused is tried again (API_MAIL_RETRIES), the first after `mailRetryDelaySeconds`, then twice as long each time. */
  mailRetries: number;
  /** API_MAIL_RETRY_DELAY_SECONDS. */
  mailRetryDelaySeconds: number;
  /**
   * How long a job may run before another api process takes it over (API_JOB_EXPIRE_SECONDS): the time
   * within which the work of a process that died is picked up again.
   */
  jobExpireSeconds: number;
  publicOrigin: string;
  trustProxy: TrustProxy;
  /** API_PAYMENT_SANDBOX=1: the sandbox stands in for the payment provider (development, journeys). */
  paymentSandbox: boolean;
  /** Request and mail limits (see {@link RateLimits}). */
  rateLimits: RateLimits;
  /** scrypt cost as log2(N); OWASP's 17 in production, lower only to keep tests fast. */
  scryptLogN: number;
  /** GraphQL introspection and field suggestions, for development tools only. */
  graphqlIntrospection: boolean;
  /** OPS_TOKEN: `GET /metrics` answers only to `Authorization: Bearer` it; without it, 404. */
  opsToken?: string;
  /**
   * XSRF_SECRET: the key that signs the anti-forgery tokens (at least 32 characters). Without it, a
   * random key is made once per database and kept there, which every replica on it shares.
   */
  xsrfSecret?: string;
  /** NODE_ENV=production: no demo data unless asked for, and no development aids (see {@link loadConfig}). */
  production: boolean;
  /** Whether the demo accounts are loaded into an empty database: always outside production, else API_SEED_DEMO=1. */
  seedDemo: boolean;
  /**
   * After SIGTERM, how long the process goes on answering while /readyz says 503, so that proxies stop
   * sending it requests before it stops listening (API_SHUTDOWN_DELAY_SECONDS; default 5 in production, else 0).
   */
  shutdownDelaySeconds: number;
  /** Then how long requests in flight may take before their connections are cut (API_SHUTDOWN_GRACE_SECONDS, default 20). */
  shutdownGraceSeconds: number;
  /** The clock; tests inject their own to move time forward. */
  now: () => Date;
}

/**
 * How many requests one client address may send per minute to the account calls (login, activation,
 * password and e-mail changes, reset requests), to the content endpoint and to the proof-of-cover check
 * (by short code, and by the QR code's token), how many link mails one address may receive per hour, and
 * the caps on proof-of-cover letters, anonymous requests and claims. Strict by default; the browser
 * journeys, which log in many times from one address, raise them with API_RATE_LIMIT_AUTH,
 * API_RATE_LIMIT_CONTENT, API_RATE_LIMIT_VERIFY_CODE, API_RATE_LIMIT_VERIFY_LINK, API_MAIL_LIMIT_PER_HOUR,
 * API_RATE_LIMIT_LETTERS, API_RATE_LIMIT_ANONYMOUS, API_CLAIMS_PER_DAY and API_RATE_LIMIT_VISITOR_CLAIM
 * (claims filed without a login, per hour).
 */
export interface RateLimits {
  authPerMinute: number;
  contentPerMinute: number;
  /** Checks by the short code typed from a letter: about 50 bits, so guessing must stay slow. */
  verifyCodePerMinute: number;
  /** Checks by the QR code's 256-bit token, which cannot be guessed: only a bound on the load. */
  verifyLinkPerMinute: number;
  mailsPerHour: number;
  /**
   * Claims filed without a login: each one tries a policy number with a date of birth, so the
   * pairs must not be guessed in bulk.
   */
  visitorClaimsPerHour: number;
  /**
   * Claims visitors may file on one policy a day, whoever sends them: each mails the policyholder, and
   * none of them counts against her own {@link claimsPerDay}.
   */
  visitorClaimsPerPolicyPerDay: number;
  /** Proof-of-cover letters one client may have made an hour: each renders a PDF and a QR code. */
  lettersPerHour: number;
  /** Anonymous writes (contact and insurance requests) one client may send an hour, per endpoint. */
  anonymousWritesPerHour: number;
  /** Claims one student may file a day: each may carry 50 MB of receipts. */
  claimsPerDay: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  authPerMinute: 10,
  contentPerMinute: 300,
  verifyCodePerMinute: 10,
  verifyLinkPerMinute: 60,
  mailsPerHour: 3,
  visitorClaimsPerHour: 10,
  visitorClaimsPerPolicyPerDay: 3,
  lettersPerHour: 20,
  anonymousWritesPerHour: 10,
  claimsPerDay: 10,
};

/** OWASP's scrypt cost for passwords: N = 2^17 (with r = 8, p = 1). */
export const SCRYPT_LOG_N = 17;

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  return value;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number of seconds (0 or more), got "${raw}".`);
  return value;
}

/**
 * What a production start (NODE_ENV=production) may not lack or have on: each problem names its
 * variable. Empty outside production.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.CONTENT_API_KEY?.trim())
    problems.push('CONTENT_API_KEY must be set (the development key is not used in production)');
  if (!env.API_PUBLIC_ORIGIN?.trim())
    problems.push("API_PUBLIC_ORIGIN must be set to the portal's public origin (mailed links point there)");
  if (env.API_DEV_OUTBOX === '1')
    problems.push('API_DEV_OUTBOX=1 must not be on in production (the outbox shows every mailed link)');
  if (env.API_PAYMENT_SANDBOX === '1')
    problems.push('API_PAYMENT_SANDBOX=1 must not be on in production (payments would not be real)');
  return problems;
}

function xsrfSecret(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env.XSRF_SECRET?.trim();
  if (!secret) return undefined;
  if (secret.length < 32) throw new Error('XSRF_SECRET must be at least 32 characters long.');
  return secret;
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

/**
 * Reads the configuration from environment variables.
 * @throws Error naming every variable a production start (NODE_ENV=production) lacks or must not have.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems = productionProblems(env);
  if (problems.length > 0)
    throw new Error(`The api does not start in production (NODE_ENV=production): ${problems.join('; ')}.`);
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.API_PORT ?? 8090),
    dataDir: env.API_DATA_DIR ?? apiPaths.data,
    reset: env.API_RESET === '1',
    databaseUrl: env.DATABASE_URL || undefined,
    contentApiKey: env.CONTENT_API_KEY ?? DEV_CONTENT_API_KEY,
    devOutbox: env.API_DEV_OUTBOX === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailRetries: positiveInteger(env, 'API_MAIL_RETRIES', 8),
    mailRetryDelaySeconds: positiveInteger(env, 'API_MAIL_RETRY_DELAY_SECONDS', 30),
    jobExpireSeconds: positiveInteger(env, 'API_JOB_EXPIRE_SECONDS', 60),
    publicOrigin: (env.API_PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    paymentSandbox: env.API_PAYMENT_SANDBOX === '1',
    rateLimits: {
      authPerMinute: positiveInteger(env, 'API_RATE_LIMIT_AUTH', DEFAULT_RATE_LIMITS.authPerMinute),
      contentPerMinute: positiveInteger(env, 'API_RATE_LIMIT_CONTENT', DEFAULT_RATE_LIMITS.contentPerMinute),
      verifyCodePerMinute: positiveInteger(
        env,
        'API_RATE_LIMIT_VERIFY_CODE',
        DEFAULT_RATE_LIMITS.verifyCodePerMinute,
      ),
      verifyLinkPerMinute: positiveInteger(
        env,
        'API_RATE_LIMIT_VERIFY_LINK',
        DEFAULT_RATE_LIMITS.verifyLinkPerMinute,
      ),
      mailsPerHour: positiveInteger(env, 'API_MAIL_LIMIT_PER_HOUR', DEFAULT_RATE_LIMITS.mailsPerHour),
      visitorClaimsPerHour: positiveInteger(
        env,
        'API_RATE_LIMIT_VISITOR_CLAIM',
        DEFAULT_RATE_LIMITS.visitorClaimsPerHour,
      ),
      visitorClaimsPerPolicyPerDay: positiveInteger(
        env,
        'API_VISITOR_CLAIMS_PER_POLICY',
        DEFAULT_RATE_LIMITS.visitorClaimsPerPolicyPerDay,
      ),
      lettersPerHour: positiveInteger(env, 'API_RATE_LIMIT_LETTERS', DEFAULT_RATE_LIMITS.lettersPerHour),
      anonymousWritesPerHour: positiveInteger(
        env,
        'API_RATE_LIMIT_ANONYMOUS',
        DEFAULT_RATE_LIMITS.anonymousWritesPerHour,
      ),
      claimsPerDay: positiveInteger(env, 'API_CLAIMS_PER_DAY', DEFAULT_RATE_LIMITS.claimsPerDay),
    },
    scryptLogN: SCRYPT_LOG_N,
    graphqlIntrospection: env.API_GRAPHQL_INTROSPECTION === '1',
    opsToken: env.OPS_TOKEN?.trim() || undefined,
    xsrfSecret: xsrfSecret(env),
    production,
    seedDemo: !production || env.API_SEED_DEMO === '1',
    shutdownDelaySeconds: seconds(env, 'API_SHUTDOWN_DELAY_SECONDS', production ? 5 : 0),
    shutdownGraceSeconds: seconds(env, 'API_SHUTDOWN_GRACE_SECONDS', 20),
    now: () => new Date(),
  };
}
