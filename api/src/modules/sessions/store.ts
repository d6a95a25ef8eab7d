import type { Db } from '../../db/db.js';

// The SQL of a student's sessions: the account a password login opens one for, and the ending of one or
// all of them. Each function takes the database or a transaction.

/** The account of a login by e-mail address, with what the login answers. */
export interface LoginAccountRow {
  id: string;
  password_hash: string;
  activated: boolean;
  blocked: boolean;
  first_name: string;
  profile_id: string;
}

/** The account of `email` (in its normal form) with its profile's first name and id. */
export async function findLoginAccount(db: Db, email: string): Promise<LoginAccountRow | undefined> {
  const [account] = await db.query<LoginAccountRow>(
    `SELECT a.*, p.first_name, p.profile_id FROM accounts a JOIN profiles p ON p.account_id = a.id
     WHERE a.email = $1`,
    [email],
  );
  return account;
}

/** The session whose public id (never the cookie's session id) is `publicId`. */
export async function findByPublicId(
  db: Db,
  publicId: string,
): Promise<{ account_id: string; id: string } | undefined> {
  const [row] = await db.query<{ account_id: string; id: string }>(
    'SELECT account_id, id FROM sessions WHERE public_id = $1',
    [publicId],
  );
  return row;
}

/** Ends the account's session of this public id; how many ended (0 or 1). */
export async function endByPublicId(db: Db, publicId: string, accountId: string): Promise<number> {
  const ended = await db.query('DELETE FROM sessions WHERE public_id = $1 AND account_id = $2 RETURNING id', [
    publicId,
    accountId,
  ]);
  return ended.length;
}

/** Ends the account's sessions, all but `keepSessionId` when one is given; how many ended. */
export async function endSessions(db: Db, accountId: string, keepSessionId?: string): Promise<number> {
  const ended =
    keepSessionId === undefined
      ? await db.query('DELETE FROM sessions WHERE account_id = $1 RETURNING id', [accountId])
      : await db.query('DELETE FROM sessions WHERE account_id = $1 AND id <> $2 RETURNING id', [
          accountId,
          keepSessionId,
        ]);
  return ended.length;
}
