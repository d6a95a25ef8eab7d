// How a date is typed into a form, apart from date-fns: the date field and the Profile page (which
// shares its first load with the login page) use these without loading a date library.

/** The parts of a typed date; month is 1-12. Not checked to be a real day. */
export interface TypedDate {
  day: number;
  month: number;
  year: number;
}

// Between day, month and year: a slash, dash, dot, comma (a Dutch phone's decimal key) or spaces.
const SEPARATORS = /[\s/.,-]+/;
const SEPARATED = /^(\d{1,2})[\s/.,-]+(\d{1,2})[\s/.,-]+(\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;
const TYPING = /^[\d\s/.,-]*$/;

/**
 * Reads a date as a student types it: `10/12/2026`, `1/12/2026`, `10-12-2026`, `10.12.2026`,
 * `10 12 2026` or `10122026` (day, month, four-digit year). Null for anything else.
 */
export function readTypedDate(value: string): TypedDate | null {
  const text = value.trim();
  const parts = SEPARATED.exec(text) ?? DIGITS_ONLY.exec(text);
  if (!parts) return null;
  return { day: Number(parts[1]), month: Number(parts[2]), year: Number(parts[3]) };
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/** The canonical form text `dd/mm/yyyy` of a typed date; null when it cannot be read. */
export function canonicalTypedDate(value: string): string | null {
  const date = readTypedDate(value);
  return date ? `${pad(date.day)}/${pad(date.month)}/${pad(date.year, 4)}` : null;
}

/** The wire date `YYYY-MM-DD` of a typed date (not checked to exist); null when it cannot be read. */
export function typedDateToWire(value: string): string | null {
  const date = readTypedDate(value);
  return date ? `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}` : null;
}

/**
 * The text of a date field after a keystroke that added characters at its end: slashes are put in
 * as the digits come (`1012` → `10/12/`), a separator typed after one is not doubled, and any
 * separator becomes a slash. Text that is not digits and separators, or has more parts than a date,
 * is left as typed for the validation to name.
 */
export function formatTypedDate(value: string): string {
  if (!TYPING.test(value)) return value;
  const groups = value.split(SEPARATORS).filter(Boolean);
  const endsWithSeparator = SEPARATORS.test(value.slice(-1)) && groups.length > 0;
  const parts: string[] = [];
  // Day and month take two digits at most; surplus digits run on into the next part.
  while (parts.length < 2 && groups.length > 0) {
    const group = groups.shift() as string;
    parts.push(group.slice(0, 2));
    if (group.length > 2) groups.unshift(group.slice(2));
  }
  if (groups.length > 1 || (groups[0]?.length ?? 0) > 4) return value;
  const year = groups[0];
  if (year !== undefined) return `${parts.join('/')}/${year}`;
  const last = parts.at(-1);
  if (last === undefined) return '';
  // A complete day or month (two digits, or ended by a separator) is followed by its slash.
  const complete = last.length === 2 || endsWithSeparator;
  return complete ? `${parts.join('/')}/` : parts.join('/');
}
