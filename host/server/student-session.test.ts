/** @jest-environment node */
import { HEADER_READS, sessionPreloads } from './student-session';

describe('sessionPreloads', () => {
  const reads = [
    'api/en/profiles/{profileId}',
    'api/en/countries',
    'api/passkeys',
    'api/en/profiles/{profileId}/policies',
  ];

  it('should preload only the session check while nobody has said whose session it is', () => {
    expect(sessionPreloads(undefined, reads)).toEqual([{ href: '/api/checksession', as: 'fetch' }]);
  });

  it("should preload the session check and the route's first two reads, leaving the browser's other connections to the page's scripts", () => {
    expect(HEADER_READS).toBe(2);
    expect(sessionPreloads('P-1001', reads)).toEqual([
      { href: '/api/checksession', as: 'fetch' },
      { href: '/api/en/profiles/P-1001', as: 'fetch' },
      { href: '/api/en/countries', as: 'fetch' },
    ]);
    expect(sessionPreloads('P-1001', reads.slice(3))).toEqual([
      { href: '/api/checksession', as: 'fetch' },
      { href: '/api/en/profiles/P-1001/policies', as: 'fetch' },
    ]);
  });
});
