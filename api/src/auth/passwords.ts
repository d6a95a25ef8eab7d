import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** Hashes written before the cost was stored with them used Node's default, N = 2^14. */
const LEGACY_LOG_N = 14;

interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // scrypt needs 128 * N * r bytes; Node refuses more than 32 MB unless told.
  const maxmem = 256 * N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r: cost.r, p: cost.p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt hex>$<key hex>`; the cost travels with the hash. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const cost = { logN, r: BLOCK_SIZE, p: PARALLELISM };
  const key = await derive(password, salt, cost);
  return `scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${salt.toString('hex')}$${key.toString('hex')}`;
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  if (parts.length === 3) {
    const [, salt, key] = parts;
    return {
      cost: { logN: LEGACY_LOG_N, r: BLOCK_SIZE, p: PARALLELISM },
      salt: Buffer.from(salt ?? '', 'hex'),
      key: Buffer.from(key ?? '', 'hex'),
    };
  }
  const match = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1] ?? '');
  if (parts.length !== 4 || !match) return null;
  return {
    cost: { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) },
    salt: Buffer.from(parts[2] ?? '', 'hex'),
    key: Buffer.from(parts[3] ?? '', 'hex'),
  };
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const actual = await derive(password, parsed.salt, parsed.cost);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** Whether a stored hash was made with another cost than `logN` (r = 8, p = 1) and should be redone. */
export function needsRehash(stored: string, logN: number): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed || parsed.cost.logN !== logN || parsed.cost.r !== BLOCK_SIZE || parsed.cost.p !== PARALLELISM
  );
}

/** A hash of no password, for unknown addresses: checking it takes as long as checking a real one. */
export function dummyHash(logN: number): string {
  return `scrypt$ln=${logN},r=${BLOCK_SIZE},p=${PARALLELISM}$${'00'.repeat(16)}$${'00'.repeat(KEY_LENGTH)}`;
}

// The most common passwords of leaked password lists (about 49,000, from zxcvbn's common list), kept
// offline: a password is never sent anywhere to be checked.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/**
 * Whether a password is a common one, also once its case is ignored and the digits and symbols people
 * add at either end to pass the rules are taken off (`Password123!` is `password`).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return [lower, core].some((candidate) => candidate.length >= 4 && COMMON_PASSWORDS.has(candidate));
}

/** A random token of 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
