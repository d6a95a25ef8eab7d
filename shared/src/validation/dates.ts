import { addDays, format, isValid, parse, startOfDay } from 'date-fns';

/** Date format of the forms (dd/mm/yyyy). */
export const FORM_DATE_FORMAT = 'dd/MM/yyyy';
/** Date format on the wire (YYYY-MM-DD). */
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd';

const FORM_PATTERN = /^\d{2}\/\d{2}\/\d{4}$/;
const WIRE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function strictParse(value: string, pattern: RegExp, dateFormat: string): Date | null {
  if (!pattern.test(value)) return null;
  const date = parse(value, dateFormat, new Date(2000, 0, 1));
  // parse() accepts 31/02 by rolling over in some locales; a round trip rejects it.
  return isValid(date) && format(date, dateFormat) === value ? date : null;
}

/** Parses a form date `dd/mm/yyyy` (local midnight); null when it is not a real date. */
export function parseFormDate(value: string): Date | null {
  return strictParse(value.trim(), FORM_PATTERN, FORM_DATE_FORMAT);
}

/** Parses a wire date `YYYY-MM-DD` (local midnight); null when it is not a real date. */
export function parseWireDate(value: string): Date | null {
  return strictParse(value, WIRE_PATTERN, WIRE_DATE_FORMAT);
}

/** Formats a date for the wire (`YYYY-MM-DD`). */
export function toWireDate(date: Date): string {
  return format(date, WIRE_DATE_FORMAT);
}

/** Formats a date for a form (`dd/mm/yyyy`). */
export function toFormDate(date: Date): string {
  return format(date, FORM_DATE_FORMAT);
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
