import * as v from 'valibot';
import { renewalAcceptanceSchema, renewalPeriodSchema, renewalSchema, toFieldIssues } from './index';

const today = new Date(2026, 5, 15);
const policy = { startDate: '2025-09-01', endDate: '2026-08-31' };
const issues = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toFieldIssues(result.issues);
};

describe('renewal steps', () => {
  const period = { endDate: '31/08/2027', paymentTerm: 'YEARLY', paymentMethod: 'BANK_TRANSFER' };
  const form = renewalPeriodSchema(policy, { today, dateFormat: 'form' });

  it('should accept a whole year paid yearly, typed as the form types it', () => {
    expect(issues(form, period)).toEqual([]);
  });

  it('should need an end date after the current end date, today or later', () => {
    expect(issues(form, { ...period, endDate: '31/08/2026' })).toEqual([
      { field: 'endDate', code: 'validation.endDate.notAfterStartDate' },
    ]);
    expect(issues(form, { ...period, endDate: '31/02/2027' })[0]).toEqual({
      field: 'endDate',
      code: 'validation.date.invalid',
    });
  });

  it('should need a reason for a short term and a payment term that fits the period', () => {
    // Two months: September and October.
    const short = { ...period, endDate: '31/10/2026' };
    expect(issues(form, short)).toEqual([
      { field: 'reasonShortTerm', code: 'validation.required' },
      { field: 'paymentTerm', code: 'validation.paymentTerm.period' },
    ]);
    expect(issues(form, { ...short, reasonShortTerm: 'Exams', paymentTerm: 'MONTHLY' })).toEqual([]);
    expect(issues(form, { ...short, reasonShortTerm: 'Exams', paymentTerm: 'QUARTERLY' })).toEqual([
      { field: 'paymentTerm', code: 'validation.paymentTerm.period' },
    ]);
    expect(issues(form, { ...short, reasonShortTerm: 'Exams', paymentTerm: 'AT_ONCE' })).toEqual([]);
  });

  it('should need SEPA bank details for direct debit', () => {
    expect(issues(form, { ...period, paymentMethod: 'DIRECT_DEBIT' }).map((i) => i.field)).toEqual([
      'iban',
      'bic',
      'accountHolder',
    ]);
    expect(
      issues(form, {
        ...period,
        paymentMethod: 'DIRECT_DEBIT',
        iban: 'GB82WEST12345698765432',
        bic: 'ABNANL2A',
        accountHolder: 'A. de Vries',
      }),
    ).toEqual([{ field: 'iban', code: 'validation.iban.uk' }]);
    expect(
      issues(form, {
        ...period,
        paymentMethod: 'DIRECT_DEBIT',
        iban: 'nl91 abna 0417 1643 00',
        bic: 'abnanl2a',
        accountHolder: 'A. de Vries',
      }),
    ).toEqual([]);
  });

  it('should need the three answers, an explanation of a refusal and the agreement', () => {
    const answers = { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO', preExistingAgreed: true };
    expect(issues(renewalAcceptanceSchema, answers)).toEqual([]);
    expect(issues(renewalAcceptanceSchema, { ...answers, insuranceRefusal: 'YES' })).toEqual([
      { field: 'insuranceRefusalExplanation', code: 'validation.required' },
    ]);
    expect(
      issues(renewalAcceptanceSchema, {
        ...answers,
        insuranceRefusal: 'YES',
        insuranceRefusalExplanation: 'Refused in 2024 for a gap in cover',
      }),
    ).toEqual([]);
    expect(issues(renewalAcceptanceSchema, { ...answers, preExistingAgreed: false })).toEqual([
      { field: 'preExistingAgreed', code: 'validation.acceptance.required' },
    ]);
  });

  it('should check the explanation of a refusal in the api body too', () => {
    const body = {
      endDate: '2027-08-31',
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'YES' },
      preExistingAgreed: true,
    };
    expect(issues(renewalSchema(policy, { today }), body)).toEqual([
      { field: 'answers.insuranceRefusalExplanation', code: 'validation.required' },
    ]);
  });
});
