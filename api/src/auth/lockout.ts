import { addMinutes } from 'date-fns';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { ApiError, errors } from '../errors.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';

/** Failed password checks in a row that block an account (or an unknown address). */
export const MAX_FAILED_LOGINS = 5;
/** How long such a block lasts. */
export const LOCK_MINUTES = 15;

export const blocked = () =>
  new ApiError(403, 'ACCOUNT_BLOCKED', 'Your account is blocked, please try again later.');

function isLocked(lockedUntil: Date | string | null, now: Date): boolean {
  return lockedUntil !== null && new Date(lockedUntil) > now;
}

/**
 * Counts a wrong password for an account; blocks it for LOCK_MINUTES at the fifth in a row and then
 * throws 403. Counted in one statement: parallel wrong guesses each add one instead of all writing the
 * same read-then-incremented value, which would let an attacker try far more than MAX_FAILED_LOGINS.
 */
export async function countAccountFailure(db: Db, config: Config, accountId: string): Promise<void> {
  const [counted] = await db.query<{ failed_logins: number }>(
    'UPDATE accounts SET failed_logins = failed_logins + 1 WHERE id = $1 RETURNING failed_logins',
    [accountId],
  );
  if ((counted?.failed_logins ?? 0) >= MAX_FAILED_LOGINS) {
    await db.query('UPDATE accounts SET failed_logins = 0, locked_until = $2 WHERE id = $1', [
      accountId,
      addMinutes(config.now(), LOCK_MINUTES),
    ]);
    throw blocked();
  }
}

/**
 * A failed login for an address without an account, counted and locked exactly like an account's, so
 * that five failures then 403 tell nothing about which addresses exist.
 */
export async function countUnknownFailure(db: Db, config: Config, email: string): Promise<void> {
  const key = email.toLowerCase();
  const now = config.now();
  const [row] = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_failures WHERE email = $1',
    [key],
  );
  if (row && isLocked(row.locked_until, now)) throw blocked();
  const [counted] = await db.query<{ failed_logins: number }>(
    `INSERT INTO login_failures (email, failed_logins) VALUES ($1, 1)
     ON CONFLICT (email) DO UPDATE SET failed_logins = login_failures.failed_logins + 1
     RETURNING failed_logins`,
    [key],
  );
  if ((counted?.failed_logins ?? 0) >= MAX_FAILED_LOGINS) {
    await db.query('UPDATE login_failures SET failed_logins = 0, locked_until = $2 WHERE email = $1', [
      key,
      addMinutes(now, LOCK_MINUTES),
    ]);
    throw blocked();
  }
}

interface PasswordRow {
  password_hash: string;
  blocked: boolean;
  locked_until: Date | null;
}

/**
 * Checks the logged-in student's current password (`X-Authorization-Password`) like a login: a
 * blocked or locked account gets 403, a wrong password counts towards the lockout and gets 401.
 * A right one resets the count and upgrades a hash made with an older cost.
 */
export async function checkCurrentPassword(
  db: Db,
  config: Config,
  accountId: string,
  password: string,
): Promise<void> {
  const [account] = await db.query<PasswordRow>(
    'SELECT password_hash, blocked, locked_until FROM accounts WHERE id = $1',
    [accountId],
  );
  if (!account) throw errors.unauthenticated();
  if (account.blocked || isLocked(account.locked_until, config.now())) throw blocked();
  if (!(await verifyPassword(password, account.password_hash))) {
    await countAccountFailure(db, config, accountId);
    throw errors.invalidPassword();
  }
  await db.query('UPDATE accounts SET failed_logins = 0 WHERE id = $1', [accountId]);
  await rehashIfNeeded(db, config, accountId, password, account.password_hash);
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

export { isLocked };
