import { addHours, addMinutes, subHours } from 'date-fns';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { ApiError, errors } from '../errors.js';
import { clientKey, rateLimited } from '../rate-limits.js';
import { normalizeEmail } from './email-address.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';

/**
 * Wrong passwords are throttled, never locked out (NIST SP 800-63B 5.2.2): a lockout that follows a
 * few wrong guesses lets anyone keep a student out by guessing at their address. Instead:
 * - one client (IPv6 by /64) gets {@link FAILURES_PER_CLIENT} wrong passwords in a row for an address,
 *   then waits {@link CLIENT_WAIT_MINUTES}; the student at another client is not held back;
 * - all clients together get {@link FAILURES_PER_DAY} wrong passwords for an address in 24 hours (the
 *   ceiling of 800-63B), against guessing spread over many addresses;
 * - a student who completes a mailed reset link proves the mailbox and gets in at once ({@link clearThrottle});
 * - every client's requests to the account calls are limited as well (`authRateLimit`).
 * Addresses without an account are counted exactly alike, so the answers tell nothing about which exist.
 */
export const FAILURES_PER_CLIENT = 5;
/** How long a client waits after {@link FAILURES_PER_CLIENT} wrong passwords in a row. */
export const CLIENT_WAIT_MINUTES = 15;
/** Wrong passwords for one address from all clients in 24 hours before every client waits. */
export const FAILURES_PER_DAY = 100;
/** The client of the row that counts all clients' wrong passwords for an address. */
const ALL_CLIENTS = '*';

/** An account blocked by its status (an administrator's decision), never by wrong passwords. */
export const blocked = () =>
  new ApiError(403, 'ACCOUNT_BLOCKED', 'Your account is blocked, please try again later.');

const secondsUntil = (until: Date, now: Date) => (until.getTime() - now.getTime()) / 1000;

/** 429 with Retry-After while this client, or every client, must wait before guessing this address again. */
export async function checkThrottle(db: Db, config: Config, email: string, client: string): Promise<void> {
  const now = config.now();
  const [row] = await db.query<{ until: Date | string | null }>(
    `SELECT max(throttled_until) AS until FROM login_throttle
     WHERE email = $1 AND client IN ($2, $3) AND throttled_until > $4`,
    [normalizeEmail(email), client, ALL_CLIENTS, now],
  );
  if (row?.until) throw rateLimited(secondsUntil(new Date(row.until), now));
}

/**
 * Counts a wrong password for an address from a client and, at the limit, starts the wait and throws
 * 429. Counted in one statement each: parallel wrong guesses each add one instead of all writing the same
 * read-then-incremented value, which would let a client try far more than the limit.
 */
export async function countFailure(db: Db, config: Config, email: string, client: string): Promise<void> {
  const key = normalizeEmail(email);
  const now = config.now();
  const [inARow] = await db.query<{ failures: number }>(
    `INSERT INTO login_throttle (email, client, failures, window_start) VALUES ($1, $2, 1, $3)
     ON CONFLICT (email, client) DO UPDATE SET failures = login_throttle.failures + 1
     RETURNING failures`,
    [key, client, now],
  );
  const [inADay] = await db.query<{ failures: number; window_start: Date | string }>(
    `INSERT INTO login_throttle (email, client, failures, window_start) VALUES ($1, $2, 1, $3)
     ON CONFLICT (email, client) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_start <= $4 THEN 1 ELSE login_throttle.failures + 1 END,
       window_start = CASE WHEN login_throttle.window_start <= $4 THEN $3 ELSE login_throttle.window_start END
     RETURNING failures, window_start`,
    [key, ALL_CLIENTS, now, subHours(now, 24)],
  );
  if ((inADay?.failures ?? 0) >= FAILURES_PER_DAY) {
    const until = addHours(new Date(inADay?.window_start ?? now), 24);
    await db.query('UPDATE login_throttle SET throttled_until = $3 WHERE email = $1 AND client = $2', [
      key,
      ALL_CLIENTS,
      until,
    ]);
    throw rateLimited(secondsUntil(until, now));
  }
  if ((inARow?.failures ?? 0) >= FAILURES_PER_CLIENT) {
    const until = addMinutes(now, CLIENT_WAIT_MINUTES);
    await db.query(
      'UPDATE login_throttle SET failures = 0, throttled_until = $3 WHERE email = $1 AND client = $2',
      [key, client, until],
    );
    throw rateLimited(secondsUntil(until, now));
  }
}

/** A right password from a client: its wrong ones in a row are forgotten (the day's count stays). */
export async function countSuccess(db: Db, email: string, client: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE email = $1 AND client = $2', [
    normalizeEmail(email),
    client,
  ]);
}

/** A completed reset link proves the mailbox: every wait and count for the address ends. */
export async function clearThrottle(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE email = $1', [normalizeEmail(email)]);
}

/** The throttling key of a request's client: its address, IPv6 grouped by /64. */
export const throttleClient = (request: FastifyRequest): string => clientKey(request);

interface PasswordRow {
  password_hash: string;
  blocked: boolean;
}

/**
 * Checks the logged-in student's current password (`X-Authorization-Password`) like a login: a
 * blocked account gets 403, a throttled client 429, a wrong password counts like a failed login and
 * gets 401. A right one upgrades a hash made with an older cost.
 */
export async function checkCurrentPassword(
  db: Db,
  config: Config,
  request: FastifyRequest,
  principal: { accountId: string; email: string },
  password: string,
): Promise<void> {
  const [account] = await db.query<PasswordRow>('SELECT password_hash, blocked FROM accounts WHERE id = $1', [
    principal.accountId,
  ]);
  if (!account) throw errors.unauthenticated();
  if (account.blocked) throw blocked();
  const client = throttleClient(request);
  await checkThrottle(db, config, principal.email, client);
  if (!(await verifyPassword(password, account.password_hash))) {
    await countFailure(db, config, principal.email, client);
    throw errors.invalidPassword();
  }
  await countSuccess(db, principal.email, client);
  await rehashIfNeeded(db, config, principal.accountId, password, account.password_hash);
}

/** Stores the password again with today's cost when its hash was made with another one. */
export async function rehashIfNeeded(
  db: Db,
  config: Config,
  accountId: string,
  password: string,
  stored: string,
): Promise<void> {
  if (!needsRehash(stored, config.scryptLogN)) return;
  const passwordHash = await hashPassword(password, config.scryptLogN);
  // Only over the hash that was checked: a password changed meanwhile is not overwritten.
  await db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
    accountId,
    passwordHash,
    stored,
  ]);
}
