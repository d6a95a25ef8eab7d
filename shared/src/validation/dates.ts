import { addDays, isExists, lightFormat, startOfDay } from 'date-fns';

/** Date format of the forms (dd/mm/yyyy). */
export const FORM_DATE_FORMAT = 'dd/MM/yyyy';
/** Date format on the wire (YYYY-MM-DD). */
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd';

// Fixed numeric formats: a pattern and isExists() do what date-fns' parse() would, at a fraction of
// its size, and that matters here because every page's first load carries this module.
const FORM_PATTERN = /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{4})$/;
const WIRE_PATTERN = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/;

function strictParse(value: string, pattern: RegExp): Date | null {
  const parts = pattern.exec(value)?.groups;
  if (!parts) return null;
  const [year, month, day] = [Number(parts.year), Number(parts.month) - 1, Number(parts.day)];
  // isExists rejects 31/02 and the like instead of rolling over into the next month.
  if (!isExists(year, month, day)) return null;
  const date = new Date(year, month, day);
  // new Date() maps years 0-99 to 1900-1999; set the year the user typed.
  date.setFullYear(year);
  return date;
}

/** Parses a form date `dd/mm/yyyy` (local midnight); null when it is not a real date. */
export function parseFormDate(value: string): Date | null {
  return strictParse(value.trim(), FORM_PATTERN);
}

/** Parses a wire date `YYYY-MM-DD` (local midnight); null when it is not a real date. */
export function parseWireDate(value: string): Date | null {
  return strictParse(value, WIRE_PATTERN);
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
