import * as v from 'valibot';
import {
  VALIDATION_CODES,
  addressSchema,
  birthDateSchema,
  changeStartDateSchema,
  contactRequestSchema,
  emailChangeFormSchema,
  formToWireDate,
  ibanSchema,
  insuranceRequestSchema,
  loginSchema,
  newPasswordSchema,
  parseFormDate,
  parseWireDate,
  passwordChangeFormSchema,
  paymentSchema,
  renewalSchema,
  terminationSchema,
  toFieldIssues,
} from './index';

const today = new Date(2026, 5, 15);
const codes = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toFieldIssues(result.issues);
};

describe('dates', () => {
  it('should parse form and wire dates strictly', () => {
    expect(formToWireDate('29/02/2024')).toBe('2024-02-29');
    expect(parseFormDate('31/02/2024')).toBeNull();
    expect(parseFormDate('2024-02-01')).toBeNull();
    expect(parseWireDate('2024-13-01')).toBeNull();
    expect(parseWireDate('2024-01-31')?.getDate()).toBe(31);
  });
});

describe('field schemas', () => {
  it('should require a valid e-mail and a login password of at least 8', () => {
    expect(codes(loginSchema, { email: 'x', password: 'short' })).toEqual([
      { field: 'email', code: 'validation.email' },
      { field: 'password', code: 'validation.minLength', params: { min: 8 } },
    ]);
    expect(codes(loginSchema, { email: 'a@example.com', password: 'long-enough' })).toEqual([]);
  });

  it('should check every new password rule and allow no special character on activation', () => {
    const first = (value: string, special = true) => codes(newPasswordSchema({ special }), value)[0]?.code;
    expect(first('Short1!')).toBe('validation.password.minLength');
    expect(first('alllowercase1!')).toBe('validation.password.uppercase');
    expect(first('ALLUPPERCASE1!')).toBe('validation.password.lowercase');
    expect(first('NoDigitsHere!!')).toBe('validation.password.digit');
    expect(first('NoSpecial1234')).toBe('validation.password.special');
    expect(first('NoSpecial1234', false)).toBeUndefined();
    expect(first('Portal-Demo-2026!')).toBeUndefined();
  });

  it('should reject invalid, UK and (for direct debit) non-SEPA IBANs', () => {
    const first = (value: string, sepa = false) => codes(ibanSchema({ sepa }), value)[0]?.code;
    expect(first('NL91 ABNA 0417 1643 00')).toBeUndefined();
    expect(first('NL91ABNA0417164301')).toBe('validation.iban.invalid');
    expect(first('GB82WEST12345698765432')).toBe('validation.iban.uk');
    expect(first('BR1800360305000010009795493C1', true)).toBe('validation.iban.sepa');
    expect(first('')).toBe('validation.required');
  });

  it('should not accept a birth date in the future', () => {
    expect(codes(birthDateSchema({ dateFormat: 'form', today }), '16/06/2026')[0]?.code).toBe(
      'validation.date.notFuture',
    );
    expect(codes(birthDateSchema({ dateFormat: 'form', today }), '15/06/2026')).toEqual([]);
    expect(codes(birthDateSchema({ today }), '15/06/2026')[0]?.code).toBe('validation.date.invalid');
  });

  it('should enforce address lengths and a numeric house number', () => {
    const issues = codes(addressSchema, {
      postalCode: '1234567890123',
      houseNumber: '1a',
      street: '',
      city: 'Amsterdam',
      country: 'NL',
    });
    expect(issues).toEqual([
      { field: 'postalCode', code: 'validation.maxLength', params: { max: 10 } },
      { field: 'houseNumber', code: 'validation.numeric' },
      { field: 'street', code: 'validation.required' },
    ]);
  });
});

describe('form schemas', () => {
  it('should require bank details on direct debit only', () => {
    expect(codes(paymentSchema, { paymentTerm: 'MONTHLY', paymentMethod: 'BANK_TRANSFER' })).toEqual([]);
    expect(
      codes(paymentSchema, { paymentTerm: 'MONTHLY', paymentMethod: 'DIRECT_DEBIT' }).map((i) => i.field),
    ).toEqual(['iban', 'bic', 'accountHolder']);
  });

  it('should apply the start date rules', () => {
    const policy = { startDate: '2026-06-25', endDate: '2027-06-24' };
    const first = (startDate: string) =>
      codes(changeStartDateSchema(policy, { today }), { startDate })[0]?.code;
    expect(first('2026-06-25')).toBe('validation.startDate.unchanged');
    expect(first('2026-07-10')).toBe('validation.startDate.postponeTooFar');
    expect(first('2026-06-10')).toBe('validation.date.notPast');
    expect(first('2026-06-20')).toBeUndefined();
    const started = changeStartDateSchema({ startDate: '2026-06-01', endDate: '2027-05-31' }, { today });
    expect(codes(started, { startDate: '2026-06-20' })[0]?.code).toBe('validation.startDate.started');
  });

  it('should count the 14 days from the original start date, so that changes cannot chain', () => {
    // Moved once from 25/06 to 09/07: another 14 days from there would be 28 days from the original.
    const moved = { startDate: '2026-07-09', endDate: '2027-06-24', originalStartDate: '2026-06-25' };
    const first = (startDate: string) =>
      codes(changeStartDateSchema(moved, { today }), { startDate })[0]?.code;
    expect(first('2026-07-23')).toBe('validation.startDate.postponeTooFar');
    expect(first('2026-07-10')).toBe('validation.startDate.postponeTooFar');
    expect(first('2026-07-09')).toBe('validation.startDate.unchanged');
    expect(first('2026-07-01')).toBeUndefined();
    expect(first('2026-06-25')).toBeUndefined();
  });

  it('should cap a renewal at 5 years from the new start', () => {
    const policy = { startDate: '2025-09-01', endDate: '2026-08-31' };
    const renewal = {
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
      preExistingAgreed: true,
    };
    const endCodes = (endDate: string) =>
      codes(renewalSchema(policy, { today }), { ...renewal, endDate }).filter((i) => i.field === 'endDate');
    expect(endCodes('2031-08-31')).toEqual([]);
    expect(endCodes('2031-09-01')).toEqual([{ field: 'endDate', code: 'validation.renewal.tooLong' }]);
    expect(endCodes('9999-12-31')).toEqual([{ field: 'endDate', code: 'validation.renewal.tooLong' }]);
  });

  it('should apply the termination end date rules', () => {
    const policy = { startDate: '2026-01-01', endDate: '2026-12-31' };
    const first = (endDate: string) =>
      codes(terminationSchema(policy, { today }), { endDate, reason: 'Moving' })[0]?.code;
    expect(first('2026-12-31')).toBe('validation.endDate.notBeforeCurrentEnd');
    expect(first('2026-06-01')).toBe('validation.date.notPast');
    expect(first('2026-09-30')).toBeUndefined();
  });

  it('should check the renewal period, payment term and acceptance', () => {
    const policy = { startDate: '2025-09-01', endDate: '2026-08-31' };
    const base = {
      endDate: '2026-10-31',
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
      preExistingAgreed: true,
    };
    expect(codes(renewalSchema(policy, { today }), base).map((i) => i.code)).toEqual([
      'validation.required',
      'validation.paymentTerm.period',
    ]);
    expect(
      codes(renewalSchema(policy, { today }), { ...base, paymentTerm: 'MONTHLY', reasonShortTerm: 'Exams' }),
    ).toEqual([]);
    expect(codes(renewalSchema(policy, { today }), { ...base, preExistingAgreed: false })[0]?.code).toBe(
      'validation.acceptance.required',
    );
  });

  it('should refuse insurance in the home country', () => {
    const request = {
      insuranceType: 'STAY',
      startDate: '2026-09-01',
      endDate: '2027-08-31',
      destination: 'NL',
      countryOfOrigin: 'NL',
      person: {
        gender: 'FEMALE',
        firstName: 'Ada',
        surname: 'Lovelace',
        birthDate: '2001-01-01',
        nationality: 'GB',
        email: 'ada@example.com',
      },
    };
    expect(codes(insuranceRequestSchema({ today }), request)).toEqual([
      { field: 'destination', code: 'validation.destination.homeCountry' },
    ]);
  });

  it('should need a policy number from customers and matching e-mail repeats', () => {
    const contact = {
      isCustomer: 'YES',
      category: 'CLAIMS',
      name: 'A',
      email: 'a@example.com',
      subject: 'S',
      question: 'Q',
    };
    expect(codes(contactRequestSchema, contact)).toEqual([
      { field: 'policyNumber', code: 'validation.required' },
    ]);
    expect(
      codes(emailChangeFormSchema, {
        newUsername: 'a@example.com',
        repeatUsername: 'b@example.com',
        password: 'x',
      }),
    ).toEqual([{ field: 'repeatUsername', code: 'validation.email.notSame' }]);
  });

  it('should check a password change: current password, the new password rules and its repeat', () => {
    expect(codes(passwordChangeFormSchema, { password: '', newPassword: '', repeatPassword: '' })).toEqual([
      { field: 'password', code: 'validation.required' },
      { field: 'newPassword', code: 'validation.required' },
    ]);
    expect(
      codes(passwordChangeFormSchema, {
        password: 'old',
        newPassword: 'Abcdefghijk1',
        repeatPassword: 'Abcdefghijk1',
      }),
    ).toEqual([{ field: 'newPassword', code: 'validation.password.special' }]);
    expect(
      codes(passwordChangeFormSchema, {
        password: 'old',
        newPassword: 'Abcdefghijk1!',
        repeatPassword: 'Abcdefghijk1?',
      }),
    ).toEqual([{ field: 'repeatPassword', code: 'validation.newPassword.notSame' }]);
    expect(
      codes(passwordChangeFormSchema, {
        password: 'old',
        newPassword: 'Abcdefghijk1!',
        repeatPassword: 'Abcdefghijk1!',
      }),
    ).toEqual([]);
  });

  it('should reject control characters and lone surrogates in every kind of text field', () => {
    const contact = {
      isCustomer: 'NO',
      category: 'CLAIMS',
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Subject',
      question: 'First line\nsecond line\tindented',
    };
    expect(codes(contactRequestSchema, contact)).toEqual([]);
    expect(codes(contactRequestSchema, { ...contact, name: 'Ada\u0000' })).toEqual([
      { field: 'name', code: 'validation.text.invalid' },
    ]);
    expect(codes(contactRequestSchema, { ...contact, subject: 'A\u0007B' })).toEqual([
      { field: 'subject', code: 'validation.text.invalid' },
    ]);
    expect(codes(contactRequestSchema, { ...contact, question: 'Half a pair: \ud800' })).toEqual([
      { field: 'question', code: 'validation.text.invalid' },
    ]);
    expect(codes(contactRequestSchema, { ...contact, question: 'C1 \u0085 control' })).toEqual([
      { field: 'question', code: 'validation.text.invalid' },
    ]);
    expect(codes(contactRequestSchema, { ...contact, email: 'ada\u0000@example.com' })).toEqual([
      { field: 'email', code: 'validation.text.invalid' },
    ]);
    // A whole surrogate pair is an ordinary character.
    expect(codes(contactRequestSchema, { ...contact, name: 'Ada 😀' })).toEqual([]);
    expect(
      codes(addressSchema, {
        postalCode: '1234AB',
        houseNumber: '1',
        street: 'A\nB',
        city: 'C',
        country: 'NL',
      }),
    ).toEqual([{ field: 'street', code: 'validation.text.invalid' }]);
    expect(codes(newPasswordSchema(), 'Portal-Demo-2026!\u0000')[0]?.code).toBe('validation.text.invalid');
    expect(codes(loginSchema, { email: 'a@example.com', password: 'long-enough\udfff' })).toEqual([
      { field: 'password', code: 'validation.text.invalid' },
    ]);
    expect(
      codes(paymentSchema, {
        paymentTerm: 'YEARLY',
        paymentMethod: 'BANK_TRANSFER',
        accountHolder: 'A\u0000',
      }),
    ).toContainEqual({ field: 'accountHolder', code: 'validation.text.invalid' });
  });

  it('should only produce codes from VALIDATION_CODES', () => {
    const issues = [
      ...codes(loginSchema, {}),
      ...codes(addressSchema, { houseNumber: 5 }),
      ...codes(paymentSchema, { paymentTerm: 'WEEKLY' }),
    ];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(VALIDATION_CODES).toContain(issue.code);
  });
});
