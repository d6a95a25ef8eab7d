import * as v from 'valibot';
import { personNameSchema, profileSchema } from './index';

const issue = (value: string) => {
  const result = v.safeParse(personNameSchema, value);
  return result.success ? null : result.issues[0]?.message;
};

describe('person names', () => {
  it('should take the letters documents print, with spaces, hyphens, apostrophes and full stops', () => {
    for (const name of [
      'Ånna',
      'de Vries',
      'Łucja Wałęsa-Ørsted',
      "O'Brien",
      'N’Diaye',
      'A.',
      'Ωμέγα',
      'Яна',
      'Nguyễn',
    ]) {
      expect(issue(name)).toBeNull();
    }
  });

  it('should refuse an emoji or a symbol with a reason, not print it garbled', () => {
    expect(issue('Ånna 🌷')).toBe('validation.name.characters');
    expect(issue('Anna ♥')).toBe('validation.name.characters');
    expect(issue('李晨')).toBe('validation.name.characters');
    expect(issue('Anna2')).toBe('validation.name.characters');
    const profile = v.safeParse(profileSchema(), {
      gender: 'FEMALE',
      firstName: 'Ånna 🌷',
      surname: 'de Vries',
      birthDate: '2003-04-12',
      countryOfOrigin: 'BE',
      nationality: 'BE',
    });
    expect(profile.success ? [] : profile.issues.map((item) => item.message)).toEqual([
      'validation.name.characters',
    ]);
  });
});
