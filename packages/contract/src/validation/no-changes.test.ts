import { ADDRESS_COMPARERS, ADDRESS_FIELDS, compactUpper, isUnchanged } from './no-changes';

const ADDRESS = {
  postalCode: '1012 AB',
  houseNumber: '12',
  street: 'Damrak',
  city: 'Amsterdam',
  country: 'NL',
};

describe('isUnchanged', () => {
  it('should find no change when every field is the same, spaces around text and empty fields aside', () => {
    expect(
      isUnchanged({ ...ADDRESS, street: ' Damrak ', houseNumberAddition: '' }, ADDRESS, ADDRESS_FIELDS),
    ).toBe(true);
  });

  it('should find a change in any one field', () => {
    for (const field of ADDRESS_FIELDS) {
      expect(isUnchanged({ ...ADDRESS, [field]: 'other' }, ADDRESS, ADDRESS_FIELDS)).toBe(false);
    }
  });

  it('should compare only the fields it is given', () => {
    const withReason = { ...ADDRESS, moveReason: 'Moved' };
    expect(isUnchanged(withReason, ADDRESS, ADDRESS_FIELDS)).toBe(true);
  });

  it('should compare a field by its own comparer', () => {
    const next = { ...ADDRESS, postalCode: '1012ab', country: 'nl' };
    expect(isUnchanged(next, ADDRESS, ADDRESS_FIELDS)).toBe(false);
    expect(isUnchanged(next, ADDRESS, ADDRESS_FIELDS, ADDRESS_COMPARERS)).toBe(true);
    expect(compactUpper(' 1012 ab ')).toBe('1012AB');
  });

  it('should always find a change when there is nothing to compare with', () => {
    expect(isUnchanged(ADDRESS, undefined, ADDRESS_FIELDS)).toBe(false);
    expect(isUnchanged(ADDRESS, null, ADDRESS_FIELDS)).toBe(false);
  });

  it('should compare values that are not text as they are', () => {
    expect(isUnchanged({ amount: 1 }, { amount: 1 }, ['amount'])).toBe(true);
    expect(isUnchanged({ amount: 1 }, { amount: '1' }, ['amount'])).toBe(false);
  });
});
