import type { Db } from '../../db/db.js';

// The SQL of the account endpoints: addresses, passwords, and the mail lock and counter of link mails (the
// sessions a change of password or address ends are the sessions module's). Each function takes the
// database or a transaction.

/** The address of the activated account whose activation link (used or not) hashes to `tokenHash`. */
export async function activatedAccountEmail(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>(
    `SELECT a.email FROM account_tokens t JOIN accounts a ON a.id = t.account_id
     WHERE t.token_hash = $1 AND t.kind = 'ACTIVATE' AND a.activated`,
    [tokenHash],
  );
  return row?.email;
}

/**
 * Holds the lock named `key` until the transaction `tx` ends: a PostgreSQL advisory lock, so that it
 * holds across every api process on the database.
 */
export async function lockForTransaction(tx: Db, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** How many mails to `recipient` (in its normal form) were stored after `since`. */
export async function mailsSince(db: Db, recipient: string, since: Date): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM outbox WHERE recipient = $1 AND created_at > $2',
    [recipient, since],
  );
  return row?.count ?? 0;
}

/** Whether the job `jobId` has stored its mail already. */
export async function jobMailed(db: Db, jobId: string): Promise<boolean> {
  const done = await db.query('SELECT 1 FROM outbox WHERE source_job = $1', [jobId]);
  return done.length > 0;
}

/** The account of `email` (in its normal form) unless it is blocked. */
export async function unblockedAccount(
  db: Db,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  const [account] = await db.query<{ id: string; email: string }>(
    'SELECT id, email FROM accounts WHERE email = $1 AND NOT blocked',
    [email],
  );
  return account;
}

/** The names of the account's passkeys, as the reset mail lists them. */
export async function passkeyNames(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM passkeys WHERE account_id = $1 ORDER BY lower(name), id',
    [accountId],
  );
  return rows.map((row) => row.name);
}

/** A new password hash; with `activate`, the account is activated by it too. */
export async function setPassword(
  db: Db,
  accountId: string,
  passwordHash: string,
  { activate = false }: { activate?: boolean } = {},
): Promise<void> {
  await db.query(
    `UPDATE accounts SET password_hash = $2${activate ? ', activated = TRUE' : ''} WHERE id = $1`,
    [accountId, passwordHash],
  );
}

/** Whether an account has this address (in its normal form). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const taken = await db.query('SELECT 1 FROM accounts WHERE email = $1', [email]);
  return taken.length > 0;
}

export async function setEmail(db: Db, accountId: string, email: string): Promise<void> {
  await db.query('UPDATE accounts SET email = $2 WHERE id = $1', [accountId, email]);
}
