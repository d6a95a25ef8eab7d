/** @jest-environment jest-fixed-jsdom */
import * as v from 'valibot';
import { toFieldIssues } from '@portal/contract/validation';

import { isUnchanged, personalDetailsFormSchema, toProfileUpdate } from './update-profile';

const PROFILE = {
  profileId: 'P-1001',
  gender: 'FEMALE',
  firstName: 'Anna',
  surname: 'de Vries',
  birthDate: '2001-04-12',
  countryOfOrigin: 'NL',
  nationality: 'NL',
  username: 'anna.devries@example.com',
  editable: 'true',
} as const;

const FORM = {
  gender: 'FEMALE',
  firstName: ' Anna ',
  surname: 'de Vries',
  birthDate: '12/04/2001',
  countryOfOrigin: 'NL',
  nationality: 'NL',
};

const issues = (input: unknown) => {
  const result = v.safeParse(personalDetailsFormSchema, input);
  return result.success ? [] : toFieldIssues(result.issues);
};

describe('the personal details form schema', () => {
  it('should require every field (docs/requirements.md §5) and a gender of the three', () => {
    expect(
      issues({
        gender: '',
        firstName: '',
        surname: ' ',
        birthDate: '',
        countryOfOrigin: '',
        nationality: '',
      }),
    ).toEqual([
      { field: 'gender', code: 'validation.option' },
      { field: 'firstName', code: 'validation.required' },
      { field: 'surname', code: 'validation.required' },
      { field: 'birthDate', code: 'validation.required' },
      { field: 'countryOfOrigin', code: 'validation.required' },
      { field: 'nationality', code: 'validation.required' },
    ]);
    expect(issues({ ...FORM, gender: 'OTHER' })).toEqual([{ field: 'gender', code: 'validation.option' }]);
    expect(issues({ ...FORM, gender: 'UNDEFINED' })).toEqual([]);
  });

  it('should want a real dd/mm/yyyy birth date, today or in the past', () => {
    expect(issues({ ...FORM, birthDate: '2001-04-12' })).toEqual([
      { field: 'birthDate', code: 'validation.date.invalid' },
    ]);
    expect(issues({ ...FORM, birthDate: '30/02/2001' })).toEqual([
      { field: 'birthDate', code: 'validation.date.invalid' },
    ]);
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const typed = [tomorrow.getDate(), tomorrow.getMonth() + 1]
      .map((part) => String(part).padStart(2, '0'))
      .concat(String(tomorrow.getFullYear()))
      .join('/');
    expect(issues({ ...FORM, birthDate: typed })).toEqual([
      { field: 'birthDate', code: 'validation.date.notFuture' },
    ]);
    const today = new Date();
    const todayTyped = [today.getDate(), today.getMonth() + 1]
      .map((part) => String(part).padStart(2, '0'))
      .concat(String(today.getFullYear()))
      .join('/');
    expect(issues({ ...FORM, birthDate: todayTyped })).toEqual([]);
  });

  it('should want country codes and names of at most 70 characters', () => {
    expect(issues({ ...FORM, countryOfOrigin: 'Netherl', firstName: 'x'.repeat(71) })).toEqual([
      { field: 'firstName', code: 'validation.maxLength', params: { max: 70 } },
      { field: 'countryOfOrigin', code: 'validation.option' },
    ]);
  });
});

describe('toProfileUpdate and isUnchanged', () => {
  it('should send trimmed names and the wire date, and see an unchanged profile as such', () => {
    const update = toProfileUpdate(v.parse(personalDetailsFormSchema, FORM));
    expect(update).toEqual({
      gender: 'FEMALE',
      firstName: 'Anna',
      surname: 'de Vries',
      birthDate: '2001-04-12',
      countryOfOrigin: 'NL',
      nationality: 'NL',
    });
    expect(isUnchanged(update, PROFILE)).toBe(true);
    expect(isUnchanged({ ...update, nationality: 'DE' }, PROFILE)).toBe(false);
    expect(isUnchanged({ ...update, birthDate: '2001-04-13' }, PROFILE)).toBe(false);
  });
});
