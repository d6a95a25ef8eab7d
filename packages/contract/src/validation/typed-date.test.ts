import { canonicalTypedDate, formatTypedDate, readTypedDate, typedDateToWire } from './typed-date';
import { formToWireDate, parseFormDate } from './dates';

describe('typed dates', () => {
  it('should read digits alone and every common separator as 10/12/2026', () => {
    for (const typed of [
      '10122026',
      '10/12/2026',
      '10-12-2026',
      '10.12.2026',
      '10 12 2026',
      '10,12,2026',
      ' 10 / 12 / 2026 ',
    ]) {
      expect(canonicalTypedDate(typed)).toBe('10/12/2026');
      expect(formToWireDate(typed)).toBe('2026-12-10');
    }
  });

  it('should read a one-digit day or month when separated', () => {
    expect(canonicalTypedDate('1/12/2026')).toBe('01/12/2026');
    expect(canonicalTypedDate('1-2-2026')).toBe('01/02/2026');
    expect(typedDateToWire('3.4.2003')).toBe('2003-04-03');
  });

  it('should refuse what is not a day, month and four-digit year', () => {
    for (const typed of [
      '',
      '1012026',
      '101220266',
      '10/12/26',
      '2026-12-10',
      '10/12',
      'hello',
      '10/12/2026/1',
    ]) {
      expect(readTypedDate(typed)).toBeNull();
    }
    // Read, but not a real day: the date parser refuses it rather than rolling over.
    expect(readTypedDate('31022026')).toEqual({ day: 31, month: 2, year: 2026 });
    expect(parseFormDate('31022026')).toBeNull();
    expect(parseFormDate('1/13/2026')).toBeNull();
  });

  it('should put in the slashes as digits are typed', () => {
    const typed = '10122026'.split('').reduce<string[]>((steps, digit) => {
      steps.push(formatTypedDate((steps.at(-1) ?? '') + digit));
      return steps;
    }, []);
    expect(typed).toEqual(['1', '10/', '10/1', '10/12/', '10/12/2', '10/12/20', '10/12/202', '10/12/2026']);
  });

  it('should not double a separator typed after a slash, and make any separator a slash', () => {
    expect(formatTypedDate('10/-')).toBe('10/');
    expect(formatTypedDate('10/12/.')).toBe('10/12/');
    expect(formatTypedDate('1-')).toBe('1/');
    expect(formatTypedDate('1 12')).toBe('1/12/');
    expect(formatTypedDate('1.2.2026')).toBe('1/2/2026');
    expect(formatTypedDate('/')).toBe('');
  });

  it('should carry surplus digits into the next part and leave other text as typed', () => {
    expect(formatTypedDate('1/122026')).toBe('1/12/2026');
    expect(formatTypedDate('10122026')).toBe('10/12/2026');
    expect(formatTypedDate('101220266')).toBe('101220266');
    expect(formatTypedDate('10/12/2026/1')).toBe('10/12/2026/1');
    expect(formatTypedDate('10 Dec')).toBe('10 Dec');
  });
});
