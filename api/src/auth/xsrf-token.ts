import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db.js';

/**
 * The anti-forgery token: a signed double-submit token bound to the session (OWASP's "signed double
 * submit cookie"). It is `nonce.signature`, where the signature is an HMAC-SHA256, under a key of the
 * server's, of the session cookie's value and the nonce. Another site can neither read the cookie nor
 * make a token the api accepts: a value it picks is not signed, and a token of another session, or
 * one from before a login, is bound to another session. The login and the logout set a new one.
 */

/** Name of the signing key in `server_keys`. */
const KEY_NAME = 'xsrf';

function signature(key: Buffer, binding: string, nonce: string): Buffer {
  return createHmac('sha256', key).update(binding).update('\n').update(nonce).digest();
}

/** A new token bound to `sessionId` (the empty string for a visitor without a session). */
export function createXsrfToken(key: Buffer, sessionId: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${signature(key, sessionId, nonce).toString('base64url')}`;
}

/** Whether `token` was made by {@link createXsrfToken} with `key` for `sessionId`. */
export function isXsrfTokenValid(key: Buffer, token: string | undefined, sessionId: string): boolean {
  if (!token || token.length > 200) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const nonce = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = signature(key, sessionId, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The signing key: `XSRF_SECRET` when set (every replica sets the same), else a random key made
 * once per database and kept there, which every replica on that database reads.
 */
export async function loadXsrfKey(db: Db, secret: string | undefined): Promise<Buffer> {
  if (secret) return Buffer.from(secret, 'utf8');
  await db.query('INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    KEY_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_keys WHERE name = $1', [
    KEY_NAME,
  ]);
  if (!row) throw new Error('The anti-forgery key could not be stored');
  return Buffer.from(row.value, 'base64url');
}
