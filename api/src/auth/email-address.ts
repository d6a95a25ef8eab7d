import { MAX_LENGTHS } from '@portal/contract/validation';
import { errors } from '../errors.js';

/**
 * An address as every lookup, counter and row of the api has it: trimmed, compatibility-composed (NFKC,
 * so that a ligature or a full-width letter is the letter itself) and lower-cased by JavaScript alone.
 * The database never lower-cases an address: its `lower()` follows the server's locale and differs from
 * JavaScript's for some letters (`İ` is `i` there and `i̇` here), and two rules would give one account
 * two sets of login counters.
 */
export function normalizeEmail(address: string): string {
  return address.trim().normalize('NFKC').toLowerCase();
}

// What an address may be after normalising: ASCII only (every address the portal accepts is), a local
// part of the characters RFC 5322 allows unquoted, and a domain of labels with a final label of letters.
// A letter whose lower case leaves ASCII (`İ` gives `i̇`) is no address: it is refused, not looked up.
const ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Whether a normalised address is one the api stores and looks up (at most 254 characters). */
export function isEmailAddress(normalized: string): boolean {
  return normalized.length <= MAX_LENGTHS.email && ADDRESS.test(normalized);
}

/**
 * The normal form of an address from a request, or 400 VALIDATION_FAILED on `field`: too long
 * (`validation.maxLength`, checked first, so that no over-long value reaches a query) or not an
 * address once normalised (`validation.email`).
 */
export function parseEmailAddress(raw: string, field = 'email'): string {
  // Normalising never shortens an address below 254 ASCII characters that was longer as typed.
  if (raw.trim().length > MAX_LENGTHS.email)
    throw errors.validation([{ field, code: 'validation.maxLength' }]);
  const normalized = normalizeEmail(raw);
  if (!isEmailAddress(normalized)) throw errors.validation([{ field, code: 'validation.email' }]);
  return normalized;
}

/** Whether two addresses name the same account. */
export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}
