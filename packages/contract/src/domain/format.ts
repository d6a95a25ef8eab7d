import { parseFormDate, parseWireDate } from '../validation/dates';

/**
 * How the portal shows a date, everywhere: the day, the short month name, the year ("26 Nov 2026",
 * in Dutch "26 nov 2026"). Forms take dates as typed (`dd/mm/yyyy`); what the portal says back is
 * in this one format (docs/glossary.md).
 */
export const DATE_DISPLAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime ? 'time' : 'day'}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { ...DATE_DISPLAY, hour: '2-digit', minute: '2-digit' } : DATE_DISPLAY,
    );
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A wire date (`YYYY-MM-DD`) as the UI shows it ({@link DATE_DISPLAY}: "26 Nov 2026"). Empty for a
 * missing value; a value that is not a wire date is returned as it is rather than hidden.
 */
export function formatDate(wire: string | null | undefined, locale = 'en-GB'): string {
  if (!wire) return '';
  const date = parseWireDate(wire);
  return date ? dateFormat(locale, false).format(date) : wire;
}

/** The local calendar day of a moment (an ISO timestamp) in the one display format. */
export function formatDay(moment: string | Date, locale = 'en-GB'): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  return Number.isNaN(date.getTime()) ? '' : dateFormat(locale, false).format(date);
}

/** A moment with its time of day: the display date and hours and minutes ("26 Nov 2026, 14:05"). */
export function formatDateTime(moment: string | Date, locale = 'en-GB'): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  return Number.isNaN(date.getTime()) ? '' : dateFormat(locale, true).format(date);
}

/** Parses a UI date (`dd/mm/yyyy`, local midnight); `undefined` when it is not a real date. */
export function parseUiDate(value: string): Date | undefined {
  return parseFormDate(value) ?? undefined;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in EUR formatted for the locale, e.g. `€1,234.50` (en-GB) or `€ 1.234,50` (nl). */
export function formatMoney(amount: number, locale: string): string {
  if (!Number.isFinite(amount)) return '';
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    moneyFormats.set(locale, format);
  }
  return format.format(amount);
}
