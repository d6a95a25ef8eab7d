import type { Db } from '../../db/db.js';

// The SQL of a student's data export: the log of exports made (which also counts them) and the mails the
// portal stored for her. What else the export holds is read through the other modules' routes and stores.

/** How many exports the account made after `since`, and when the oldest of them was made. */
export async function exportsSince(
  db: Db,
  accountId: string,
  since: Date,
): Promise<{ made: number; oldest: Date | string | null }> {
  const [row] = await db.query<{ made: number; oldest: Date | string | null }>(
    'SELECT count(*)::int AS made, min(created_at) AS oldest FROM data_exports WHERE account_id = $1 AND created_at > $2',
    [accountId, since],
  );
  return row ?? { made: 0, oldest: null };
}

export async function logExport(db: Db, exportId: string, accountId: string, createdAt: Date): Promise<void> {
  await db.query('INSERT INTO data_exports (id, account_id, created_at) VALUES ($1, $2, $3)', [
    exportId,
    accountId,
    createdAt,
  ]);
}

/** The mails stored for `email` (in any case), oldest first: when and with what subject. */
export function mailsTo(db: Db, email: string): Promise<{ created_at: Date | string; subject: string }[]> {
  return db.query<{ created_at: Date | string; subject: string }>(
    'SELECT created_at, subject FROM outbox WHERE lower(recipient) = lower($1) ORDER BY seq',
    [email],
  );
}
