import { randomUUID } from 'node:crypto';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport } from '@simplewebauthn/server';
import { isPlainText, visibleText } from '@portal/contract/validation';
import { addMinutes } from 'date-fns';
import * as v from 'valibot';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../errors.js';

/** How many passkeys one student may have. */
export const MAX_PASSKEYS = 10;
/** How long a challenge handed to the browser may be answered. */
export const CHALLENGE_MINUTES = 5;
/** Longest name of a passkey. */
export const PASSKEY_NAME_MAX = 64;
/** The relying party's name, shown by the browser when a passkey is made. */
export const RP_NAME = 'Student Insurance';

/** What a challenge was handed out for: adding a passkey, logging in, or confirming a step once more. */
export type ChallengePurpose = 'REGISTER' | 'LOGIN' | 'CONFIRM';

/**
 * The relying party as the browser sees it: the origin the portal is served from (API_PUBLIC_ORIGIN) and
 * its host name as the rp id. A passkey made for this origin is never offered to, nor accepted from,
 * another one: a phishing page gets nothing it could replay here.
 */
export function relyingParty(config: Config): { origin: string; rpId: string } {
  const url = new URL(config.publicOrigin);
  return { origin: url.origin, rpId: url.hostname };
}

export const passkeyRefused = () =>
  new ApiError(401, 'PASSKEY_NOT_RECOGNISED', 'This passkey is not recognised. Log in with your password.');

/** A passkey that does not confirm the logged-in student (unknown, another student's, replayed, expired). */
export const passkeyNotConfirmed = () =>
  new ApiError(
    401,
    'PASSKEY_NOT_RECOGNISED',
    'This passkey is not recognised. Use one of your own passkeys or your password.',
  );

export const passkeyNotAdded = () =>
  new ApiError(400, 'PASSKEY_NOT_ADDED', 'The passkey could not be added. Please try again.');

export const passkeyLimit = () =>
  new ApiError(
    409,
    'PASSKEY_LIMIT',
    `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one to add another.`,
  );

export const passkeyExists = () => new ApiError(409, 'PASSKEY_EXISTS', 'This passkey is already registered.');

/** A passkey's name: plain text, trimmed, 1 to 64 characters. */
export const passkeyNameSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(PASSKEY_NAME_MAX, 'validation.maxLength'),
  v.check((value) => isPlainText(value), 'validation.text.invalid'),
  // Quoted in the mail that tells the student a passkey was added: no bidi control may turn it around.
  visibleText(),
);

export const renameBodySchema = v.object({ name: passkeyNameSchema });

/** WebAuthn's largest credential id (Level 3, 5.1.1): a longer one is refused before any lookup. */
export const CREDENTIAL_ID_MAX_BYTES = 1023;
/** The base64url length of {@link CREDENTIAL_ID_MAX_BYTES} bytes. */
const CREDENTIAL_ID_MAX_CHARS = Math.ceil((CREDENTIAL_ID_MAX_BYTES * 4) / 3);

/** Whether a base64url credential id is at most {@link CREDENTIAL_ID_MAX_BYTES} bytes long. */
export function credentialIdFits(id: string): boolean {
  return Buffer.from(id, 'base64url').length <= CREDENTIAL_ID_MAX_BYTES;
}

// base64url as WebAuthn's JSON forms carry it; the bounds keep junk from reaching the library.
const b64url = (max: number) =>
  v.pipe(
    v.string('validation.required'),
    v.regex(/^[A-Za-z0-9_-]*$/, 'validation.text.invalid'),
    v.maxLength(max, 'validation.maxLength'),
  );

/** `RegistrationResponseJSON` as far as this api needs its shape checked before the library reads it. */
export const registrationBodySchema = v.object({
  name: v.optional(passkeyNameSchema),
  response: v.object({
    id: b64url(CREDENTIAL_ID_MAX_CHARS),
    rawId: b64url(CREDENTIAL_ID_MAX_CHARS),
    type: v.literal('public-key'),
    response: v.object({
      clientDataJSON: b64url(8192),
      attestationObject: b64url(65536),
      transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(10))),
    }),
    clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
    authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  }),
});

/** `AuthenticationResponseJSON`, checked the same way. */
export const authenticationBodySchema = v.object({
  response: v.object({
    id: b64url(CREDENTIAL_ID_MAX_CHARS),
    rawId: b64url(CREDENTIAL_ID_MAX_CHARS),
    type: v.literal('public-key'),
    response: v.object({
      clientDataJSON: b64url(8192),
      authenticatorData: b64url(65536),
      signature: b64url(1024),
      userHandle: v.optional(b64url(256)),
    }),
    clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
    authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  }),
});

/** The challenge a response answers, read from its clientDataJSON; null when that cannot be read. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/** Stores a challenge for 5 minutes; expired ones are removed first, so the table stays small. */
export async function storeChallenge(
  db: Db,
  config: Config,
  challenge: string,
  purpose: ChallengePurpose,
  accountId: string | null,
): Promise<void> {
  const now = config.now();
  await db.query('DELETE FROM passkey_challenges WHERE expires_at <= $1', [now]);
  await db.query(
    'INSERT INTO passkey_challenges (challenge, purpose, account_id, expires_at) VALUES ($1, $2, $3, $4)',
    [challenge, purpose, accountId, addMinutes(now, CHALLENGE_MINUTES)],
  );
}

/**
 * Uses up a challenge: it is deleted whatever the outcome, so an answer can be checked once only (a
 * replayed assertion finds no challenge). True when it was live, for this purpose and this account.
 */
export async function consumeChallenge(
  db: Db,
  config: Config,
  challenge: string,
  purpose: ChallengePurpose,
  accountId: string | null,
): Promise<boolean> {
  const [row] = await db.query<{ purpose: string; account_id: string | null; expires_at: Date }>(
    'DELETE FROM passkey_challenges WHERE challenge = $1 RETURNING purpose, account_id, expires_at',
    [challenge],
  );
  return (
    row !== undefined &&
    row.purpose === purpose &&
    row.account_id === accountId &&
    new Date(row.expires_at) > config.now()
  );
}

/** A passkey as the database keeps it. */
export interface PasskeyRow {
  id: string;
  account_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  backup_eligible: boolean;
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A passkey on the wire (`Passkey` of the OpenAPI document): never its key or counter. */
export function toWire(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    backedUp: row.backed_up,
  };
}

/** The student's passkeys, oldest first. */
export async function listPasskeys(db: Db, accountId: string): Promise<PasskeyRow[]> {
  return db.query<PasskeyRow>('SELECT * FROM passkeys WHERE account_id = $1 ORDER BY created_at, id', [
    accountId,
  ]);
}

/** A new passkey's row id. */
export function newPasskeyId(): string {
  return randomUUID();
}

/** How {@link verifyPasskeyAssertion} refuses and what it checks once the signature is good. */
export interface PasskeyUse {
  /** The error of every refusal: the same whatever went wrong, so it tells nothing. */
  refusal: () => ApiError;
  /** Told why the library refused the assertion (for the log). */
  onRefused: (error: unknown) => void;
  /** Runs once the signature is good, before the counter moves (a blocked account throws here). */
  beforeUse?: () => void;
}

/**
 * Verifies an assertion of `passkey` made for `challenge`, with user verification, and moves its
 * counter on: only over the counter that was checked, so that one assertion cannot pass twice (two
 * logins, or a login and a confirmation). Used by the passkey login and by a passkey confirmation.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  config: Config,
  passkey: PasskeyRow,
  assertion: AuthenticationResponseJSON,
  challenge: string,
  { refusal, onRefused, beforeUse }: PasskeyUse,
): Promise<void> {
  const { origin, rpId } = relyingParty(config);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch (error) {
    onRefused(error);
    throw refusal();
  }
  if (!verification.verified) throw refusal();
  beforeUse?.();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const updated = await db.query(
    `UPDATE passkeys SET counter = $3, backed_up = $4, last_used_at = $5
     WHERE id = $1 AND counter = $2 RETURNING id`,
    [passkey.id, passkey.counter, newCounter, credentialBackedUp, config.now()],
  );
  if (updated.length === 0) throw refusal();
}
