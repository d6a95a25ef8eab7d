import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subDays } from 'date-fns';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { ApiError } from './errors.js';
import { isRandomId } from './input-guards.js';
import { postgresRateLimitStore } from './rate-limit-store.js';

/** 429 with the contract body; the plugin adds `Retry-After` (seconds) before the error is answered. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const error = new ApiError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
  // Thrown by a route (not the plugin), the error handler sends it as Retry-After.
  error.retryAfterSeconds = seconds;
  return error;
}

/**
 * The client a limit counts for: its address as the library's default key has it, an IPv6 address
 * grouped by its /64 (one household or server is given a whole /64, so counting each address apart
 * would let one client walk through 2^64 keys) and an IPv4-mapped address as the IPv4 one. Every limit
 * with a key of its own builds it on this.
 */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Registers the rate limiter without a global limit: only the routes that guess secrets (passwords,
 * mailed-link tokens), send mail or are expensive (content queries) opt in, keyed by the client's
 * address (the host's X-Forwarded-For, which only a trusted proxy may set). The counts are kept in
 * the database, shared by every api process.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so that every api process counts the same hits (see the store).
    store: postgresRateLimitStore(db, app.log),
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
}

/** The account calls: login, activation, password and e-mail changes, reset requests. */
export function authRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.authPerMinute, timeWindow: 60_000 };
}

/** The content endpoint. */
export function contentRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.contentPerMinute, timeWindow: 60_000 };
}

/** Whether a verification lookup names a letter by its QR token (else by its short code). */
function isLinkLookup(request: FastifyRequest): boolean {
  return isRandomId((request.params as { code?: string } | undefined)?.code);
}

/**
 * The proof-of-cover check: a short code typed from a letter has far fewer bits than the QR code's token,
 * so it gets the stricter limit, counted apart from the token lookups of the same client address.
 */
export function verifyRateLimit(config: Config): RateLimitOptions {
  return {
    max: (request) =>
      isLinkLookup(request) ? config.rateLimits.verifyLinkPerMinute : config.rateLimits.verifyCodePerMinute,
    keyGenerator: (request) => `${isLinkLookup(request) ? 'link' : 'code'}:${clientKey(request)}`,
    timeWindow: 60_000,
  };
}

const HOUR = 3_600_000;

/** Making a proof-of-cover letter: a PDF and a QR code rendered and a live code stored each time. */
export function letterRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.lettersPerHour, timeWindow: HOUR, keyGenerator: clientKey };
}

/**
 * A write anyone may send without an account (a contact request, an insurance request, a visitor's
 * claim): each is stored and read by staff, so one client may send only a few an hour, per endpoint.
 */
export function anonymousWriteRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.anonymousWritesPerHour, timeWindow: HOUR, keyGenerator: clientKey };
}

/**
 * The claim quota of one filer (a student's profile id, or any other key a caller counts claims by):
 * at most `perDay` claims in 24 hours, counted from the stored claims, so that it holds across
 * clients and restarts. Checked before the upload is read: over the quota, not one receipt byte is
 * written. `count` says how many claims the filer filed since the given moment and when the oldest was.
 * @throws 429 RATE_LIMITED with Retry-After until the oldest claim of the day is 24 hours old.
 */
export async function checkClaimQuota(
  config: Config,
  perDay: number,
  count: (since: Date) => Promise<{ claims: number; oldest: Date | null }>,
): Promise<void> {
  const now = config.now();
  const since = subDays(now, 1);
  const { claims, oldest } = await count(since);
  if (claims < perDay) return;
  const freedAt = (oldest ?? now).getTime() + 24 * HOUR;
  throw rateLimited((freedAt - now.getTime()) / 1000);
}

/**
 * {@link checkClaimQuota} for a student: the claims she filed herself, from the claims table. Claims
 * visitors filed on her policies have a limit of their own and never count here.
 */
export async function checkStudentClaimQuota(db: Db, config: Config, profileId: string): Promise<void> {
  await checkClaimQuota(config, config.rateLimits.claimsPerDay, async (since) => {
    const [row] = await db.query<{ claims: number; oldest: Date | string | null }>(
      `SELECT count(*)::int AS claims, min(submitted_at) AS oldest FROM claims
       WHERE profile_id = $1 AND submitted_at > $2 AND filed_by = 'student'`,
      [profileId, since],
    );
    return { claims: row?.claims ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  });
}

/**
 * The passkey calls (login options and login, adding and removing a passkey): limited like the login,
 * per call and client address, so that neither challenges nor guessed assertions can be sent in bulk.
 */
export function passkeyRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.authPerMinute, timeWindow: 60_000, keyGenerator: clientKey };
}
