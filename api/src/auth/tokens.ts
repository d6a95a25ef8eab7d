import { createHash } from 'node:crypto';
import { addDays, addHours } from 'date-fns';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { sameEmail } from './email-address.js';
import { randomToken } from './passwords.js';

/** Kinds of mailed account links and how long they live. */
export type TokenKind = 'ACTIVATE' | 'PASSWORD' | 'EMAIL';

const lifetime: Record<TokenKind, (from: Date) => Date> = {
  ACTIVATE: (from) => addDays(from, 7),
  PASSWORD: (from) => addHours(from, 1),
  EMAIL: (from) => addHours(from, 24),
};

/** Only the SHA-256 of a mailed token is stored: the database alone cannot make a working link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a single-use token for an account; returns the token for the link, stores its hash. */
export async function createToken(
  db: Db,
  config: Config,
  accountId: string,
  kind: TokenKind,
  newEmail?: string,
): Promise<string> {
  const token = randomToken();
  await db.query(
    'INSERT INTO account_tokens (token_hash, account_id, kind, new_email, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashLinkToken(token), accountId, kind, newEmail ?? null, lifetime[kind](config.now())],
  );
  return token;
}

/** A valid (unused, unexpired) token of the given kinds. */
export interface TokenRow {
  token_hash: string;
  account_id: string;
  kind: TokenKind;
  new_email: string | null;
  email: string;
}

/** Looks up a token that belongs to the link's e-mail (the account's, or the new one for EMAIL). */
export async function findToken(
  db: Db,
  config: Config,
  token: string,
  linkEmail: string,
  kinds: TokenKind[],
): Promise<TokenRow | null> {
  const rows = await db.query<TokenRow>(
    `SELECT t.token_hash, t.account_id, t.kind, t.new_email, a.email FROM account_tokens t
     JOIN accounts a ON a.id = t.account_id
     WHERE t.token_hash = $1 AND NOT t.used AND t.expires_at > $2 AND t.kind = ANY($3)`,
    [hashLinkToken(token), config.now(), kinds],
  );
  const row = rows[0];
  if (!row) return null;
  const expected = row.kind === 'EMAIL' ? row.new_email : row.email;
  return expected != null && sameEmail(expected, linkEmail) ? row : null;
}

/** Marks a token (named by its stored hash, {@link TokenRow.token_hash}) used; false when it was used meanwhile. */
export async function consumeToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE account_tokens SET used = TRUE WHERE token_hash = $1 AND NOT used RETURNING token_hash',
    [tokenHash],
  );
  return rows.length === 1;
}

/** Revokes an account's outstanding links of the given kinds (a newer link, a new password, a new address). */
export async function revokeTokens(db: Db, accountId: string, kinds: TokenKind[]): Promise<void> {
  await db.query(
    'UPDATE account_tokens SET used = TRUE WHERE account_id = $1 AND kind = ANY($2) AND NOT used',
    [accountId, kinds],
  );
}
