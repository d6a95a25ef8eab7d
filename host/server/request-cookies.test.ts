/** @jest-environment node */
import { cookieValue, hasSession, requestLocale } from './request-cookies';

describe('the request cookies', () => {
  it("should read the language from the visitor's cookie, else the default", () => {
    expect(requestLocale('a=b; portal-locale=nl')).toBe('nl');
    expect(requestLocale('portal-locale=en-GB')).toBe('en-GB');
    expect(requestLocale('portal-locale=de')).toBe('en-GB');
    expect(requestLocale(undefined)).toBe('en-GB');
  });

  it('should read one cookie among others, and the session by its presence only', () => {
    expect(cookieValue('a=1; XSRF-TOKEN=x=y; b=2', 'XSRF-TOKEN')).toBe('x=y');
    expect(cookieValue('a=1', 'b')).toBeUndefined();
    expect(hasSession('XSRF-TOKEN=x; PORTAL_SESSION=abc')).toBe(true);
    expect(hasSession('XSRF-TOKEN=x; NOT_PORTAL_SESSION=abc')).toBe(false);
    expect(hasSession(undefined)).toBe(false);
  });
});
