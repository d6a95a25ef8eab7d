import type { Db } from '../../db/db.js';
import type { PasskeyRow } from '../../auth/passkeys.js';

// The SQL of a student's passkeys and of the passkey login. Each function takes the database or a
// transaction, so that the routes decide what is written together. (The list of an account's passkeys
// and the challenges are in auth/passkeys.ts, below the modules: the data export and the confirmations
// by passkey read them too.)

/** The account a passkey login opens a session for, with what the login answers. */
export interface LoginAccountRow {
  id: string;
  passkey_user_id: string | null;
  activated: boolean;
  blocked: boolean;
  first_name: string;
  profile_id: string;
}

/** The passkey `id` when it is the account's own. */
export async function findOwnPasskey(db: Db, accountId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1 AND account_id = $2', [
    id,
    accountId,
  ]);
  return row;
}

/** The account's user handle, set to `candidate` when it has none yet; undefined without the account. */
export async function userHandle(db: Db, accountId: string, candidate: string): Promise<string | undefined> {
  const [row] = await db.query<{ passkey_user_id: string }>(
    `UPDATE accounts SET passkey_user_id = COALESCE(passkey_user_id, $2) WHERE id = $1
     RETURNING passkey_user_id`,
    [accountId, candidate],
  );
  return row?.passkey_user_id;
}

/** Whether any account has a passkey of this credential id. */
export async function credentialTaken(db: Db, credentialId: string): Promise<boolean> {
  const taken = await db.query('SELECT 1 FROM passkeys WHERE credential_id = $1', [credentialId]);
  return taken.length > 0;
}

/** Holds the account's row until the transaction `tx` ends, so that its passkeys are counted once. */
export async function lockAccount(tx: Db, accountId: string): Promise<void> {
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
}

/** A new passkey; undefined when its credential id is taken meanwhile. */
export async function insertPasskey(
  db: Db,
  passkey: {
    id: string;
    accountId: string;
    credentialId: string;
    publicKey: Buffer;
    counter: number;
    transports: string[];
    backupEligible: boolean;
    backedUp: boolean;
    name: string;
    createdAt: Date;
  },
): Promise<PasskeyRow | undefined> {
  const [inserted] = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (id, account_id, credential_id, public_key, counter, transports, backup_eligible,
       backed_up, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (credential_id) DO NOTHING RETURNING *`,
    [
      passkey.id,
      passkey.accountId,
      passkey.credentialId,
      passkey.publicKey,
      passkey.counter,
      passkey.transports,
      passkey.backupEligible,
      passkey.backedUp,
      passkey.name,
      passkey.createdAt,
    ],
  );
  return inserted;
}

export async function renamePasskey(
  db: Db,
  accountId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.query<PasskeyRow>(
    'UPDATE passkeys SET name = $3 WHERE id = $1 AND account_id = $2 RETURNING *',
    [id, accountId, name],
  );
  return row;
}

/** Deletes the account's passkey; the sessions opened with it go too (sessions.passkey_id cascades). */
export async function deletePasskey(db: Db, accountId: string, id: string): Promise<void> {
  await db.query('DELETE FROM passkeys WHERE id = $1 AND account_id = $2', [id, accountId]);
}

export async function findByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [passkey] = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = $1', [
    credentialId,
  ]);
  return passkey;
}

export async function findLoginAccount(db: Db, accountId: string): Promise<LoginAccountRow | undefined> {
  const [account] = await db.query<LoginAccountRow>(
    `SELECT a.id, a.passkey_user_id, a.activated, a.blocked, p.first_name, p.profile_id
     FROM accounts a JOIN profiles p ON p.account_id = a.id WHERE a.id = $1`,
    [accountId],
  );
  return account;
}
