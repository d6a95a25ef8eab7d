import { formatDate, formatDateTime, formatDay, formatMoney, parseUiDate } from './format';

// Intl's words for a month, as every page shows them (e.g. "Sept" in British English today).
const month = (index: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short' }).format(new Date(2026, index, 1));

describe('formatDate', () => {
  it("should show a wire date as day, short month and year in the reader's language", () => {
    expect(formatDate('2026-11-26', 'en-GB')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26', 'nl')).toBe('26 nov 2026');
    expect(formatDate('2026-09-01', 'en-GB')).toBe(`1 ${month(8, 'en-GB')} 2026`);
    expect(formatDate('2026-03-05')).toBe('5 Mar 2026');
  });

  it('should show the same day whatever the time zone (a wire date is a calendar day)', () => {
    expect(formatDate('2026-01-01', 'en-GB')).toBe('1 Jan 2026');
    expect(formatDate('2026-12-31', 'nl')).toBe('31 dec 2026');
  });

  it('should give an empty string for a missing date and keep a malformed one', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
  });
});

describe('formatDay and formatDateTime', () => {
  it('should show the local day of a moment in the same format, with the time where asked', () => {
    const moment = new Date(2026, 10, 26, 14, 5);
    expect(formatDay(moment, 'en-GB')).toBe('26 Nov 2026');
    expect(formatDay(moment.toISOString(), 'nl')).toBe('26 nov 2026');
    expect(formatDateTime(moment, 'en-GB')).toMatch(/^26 Nov 2026,? 14:05$/);
  });

  it('should give an empty string for a moment that is not one', () => {
    expect(formatDay('yesterday')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('parseUiDate', () => {
  it('should parse a real date typed as a student types it (the typed-date rule)', () => {
    expect(parseUiDate('29/02/2024')).toEqual(new Date(2024, 1, 29));
    expect(parseUiDate('1/2/2025')).toEqual(new Date(2025, 1, 1));
  });

  it('should reject impossible or malformed dates', () => {
    expect(parseUiDate('29/02/2025')).toBeUndefined();
    expect(parseUiDate('31/04/2025')).toBeUndefined();
    expect(parseUiDate('2025-02-01')).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it('should format EUR for the locale', () => {
    expect(formatMoney(1234.5, 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'nl').replace(/\s/g, ' ')).toBe('€ 1.234,50');
  });

  it('should give an empty string for a non-number', () => {
    expect(formatMoney(Number.NaN, 'en-GB')).toBe('');
  });
});
