/** The characters of a printed short code: no 0/O and no 1/I/L, which are easily mixed up. */
const SHORT_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/;

/**
 * A short code as typed from a letter, written the way the letter prints it (`ABCDE-FGHJK`), or null
 * when it cannot be one. Case, spaces and hyphens do not matter; the api reads it the same way.
 */
export function normalizeShortCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return SHORT_CODE.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : null;
}
