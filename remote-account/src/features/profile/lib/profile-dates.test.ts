import { formToWireDate, wireDay, wireToFormDate } from './profile-dates';

describe('profile dates', () => {
  it('should convert between wire and form dates and leave other text alone', () => {
    expect(wireToFormDate('2003-04-12')).toBe('12/04/2003');
    expect(formToWireDate('12/04/2003')).toBe('2003-04-12');
    expect(formToWireDate(' 01/12/1999 ')).toBe('1999-12-01');
    expect(wireToFormDate('12/04/2003')).toBe('12/04/2003');
    expect(formToWireDate('2003-04-12')).toBe('2003-04-12');
    expect(formToWireDate('1-12-1999')).toBe('1999-12-01');
    expect(formToWireDate('01121999')).toBe('1999-12-01');
    expect(wireDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
