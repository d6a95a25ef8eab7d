import { parseFormDate, parseWireDate, toFormDate } from '../validation/dates';

/**
 * A wire date (`YYYY-MM-DD`) as the UI shows it (`dd/mm/yyyy`). Empty for a missing value; a value
 * that is not a wire date is returned as it is rather than hidden.
 */
export function formatDate(wire: string | null | undefined): string {
  if (!wire) return '';
  const date = parseWireDate(wire);
  return date ? toFormDate(date) : wire;
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
