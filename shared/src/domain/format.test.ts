import { formatDate, formatMoney, parseUiDate } from './format';

describe('formatDate', () => {
  it('should turn a wire date into dd/mm/yyyy', () => {
    expect(formatDate('2026-09-01')).toBe('01/09/2026');
  });

  it('should give an empty string for a missing date and keep a malformed one', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
  });
});

describe('parseUiDate', () => {
  it('should parse a real dd/mm/yyyy date', () => {
    expect(parseUiDate('29/02/2024')).toEqual(new Date(2024, 1, 29));
  });

  it('should reject impossible or malformed dates', () => {
    expect(parseUiDate('29/02/2025')).toBeUndefined();
    expect(parseUiDate('1/2/2025')).toBeUndefined();
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
