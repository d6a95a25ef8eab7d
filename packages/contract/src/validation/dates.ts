import { addDays, isExists, lightFormat, startOfDay } from 'date-fns';
import { readTypedDate } from './typed-date';
import type { TypedDate } from './typed-date';

/** Date format of the forms (dd/mm/yyyy). */
export const FORM_DATE_FORMAT = 'dd/MM/yyyy';
/** Date format on the wire (YYYY-MM-DD). */
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd';

// Fixed numeric formats: a pattern and isExists() do what date-fns' parse() would, at a fraction of
// its size, and that matters here because every page's first load carries this module.
const WIRE_PATTERN = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/;

function toDate(parts: TypedDate | null): Date | null {
  if (!parts) return null;
  const [year, month, day] = [parts.year, parts.month - 1, parts.day];
  // isExists rejects 31/02 and the like instead of rolling over into the next month.
  if (!isExists(year, month, day)) return null;
  const date = new Date(year, month, day);
  // new Date() maps years 0-99 to 1900-1999; set the year the user typed.
  date.setFullYear(year);
  return date;
}

/**
 * Parses a form date (local midnight) as a student types it: `dd/mm/yyyy`, or day, month and year
 * with other separators or none (see {@link readTypedDate}); null when it is not a real date.
 */
export function parseFormDate(value: string): Date | null {
  return toDate(readTypedDate(value));
}

/** Parses a wire date `YYYY-MM-DD` (local midnight); null when it is not a real date. */
export function parseWireDate(value: string): Date | null {
  const parts = WIRE_PATTERN.exec(value)?.groups;
  return toDate(
    parts ? { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) } : null,
  );
}

/** Formats a date for the wire (`YYYY-MM-DD`). */
export function toWireDate(date: Date): string {
  return lightFormat(date, WIRE_DATE_FORMAT);
}

/** Formats a date for a form (`dd/mm/yyyy`). */
export function toFormDate(date: Date): string {
  return lightFormat(date, FORM_DATE_FORMAT);
}

/** Converts `dd/mm/yyyy` to `YYYY-MM-DD`; null when invalid. */
export function formToWireDate(value: string): string | null {
  const date = parseFormDate(value);
  return date ? toWireDate(date) : null;
}

/** Which textual date format a schema reads. */
export type DateFormat = 'form' | 'wire';

/** Parses in the given format. */
export function parseDate(value: string, dateFormat: DateFormat): Date | null {
  return dateFormat === 'form' ? parseFormDate(value) : parseWireDate(value);
}

/** Start of the given day (local time). */
export function dayOf(date: Date): Date {
  return startOfDay(date);
}

/** `date` shifted by `days` days. */
export function shiftDays(date: Date, days: number): Date {
  return addDays(date, days);
}
