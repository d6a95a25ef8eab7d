import { normalizeShortCode } from './short-code';

describe('normalizeShortCode', () => {
  it('should write a typed code as the letter prints it, whatever its case, spaces and hyphens', () => {
    expect(normalizeShortCode('abcde-fghjk')).toBe('ABCDE-FGHJK');
    expect(normalizeShortCode(' ABCDE FGHJK ')).toBe('ABCDE-FGHJK');
    expect(normalizeShortCode('ab-cd-ef-gh-jk')).toBe('ABCDE-FGHJK');
  });

  it('should refuse what cannot be a code: wrong length or characters that are never printed', () => {
    expect(normalizeShortCode('')).toBeNull();
    expect(normalizeShortCode('ABCDE-FGHJ')).toBeNull();
    expect(normalizeShortCode('ABCDE-FGHJKM')).toBeNull();
    expect(normalizeShortCode('ABCDE-FGHJ0')).toBeNull();
    expect(normalizeShortCode('ABCDE-FGHJI')).toBeNull();
  });
});
