import * as v from 'valibot';
import { toFieldIssues } from '@portal/contract/validation';

import {
  daysNoLongerCovered,
  initialTerminationDraft,
  terminationDraftSchema,
  terminationFormSchema,
  toTerminateRequest,
} from './termination-draft';
import type { TerminationValues } from './termination-draft';

const today = new Date(2026, 10, 23);
const policy = { startDate: '2026-01-01', endDate: '2026-12-31' };

function values(overrides: Partial<TerminationValues> = {}): TerminationValues {
  return { ...initialTerminationDraft().values, endDate: '31/12/2026', reason: 'Moving home', ...overrides };
}

const refund: Partial<TerminationValues> = {
  refundWanted: 'YES',
  'refund.bankAccountNumber': 'NL91ABNA0417164300',
  'refund.holderName': 'Anna de Vries',
  'refund.holderPostalCode': '1012AB',
  'refund.holderAddress': 'Dam 1',
  'refund.holderCity': 'Amsterdam',
  'refund.holderCountry': 'Netherlands',
};

function check(input: TerminationValues) {
  return v.safeParse(terminationFormSchema(policy, today), input);
}

function errors(input: TerminationValues) {
  const result = check(input);
  return result.success ? [] : toFieldIssues(result.issues).map((issue) => [issue.field, issue.code]);
}

describe('termination draft', () => {
  it('should start on the form without a refund, and read back what it stores', () => {
    const initial = initialTerminationDraft();
    expect(initial.step).toBe('form');
    expect(initial.values.refundWanted).toBe('NO');
    expect(v.safeParse(terminationDraftSchema, initial).success).toBe(true);
  });

  it('should apply the termination end date rules to the typed date', () => {
    expect(errors(values())).toEqual([['endDate', 'validation.endDate.notBeforeCurrentEnd']]);
    expect(errors(values({ endDate: '22/11/2026' }))).toEqual([['endDate', 'validation.date.notPast']]);
    expect(errors(values({ endDate: '31/02/2026' }))).toEqual([['endDate', 'validation.date.invalid']]);
    expect(errors(values({ endDate: '15/12/2026' }))).toEqual([]);
  });

  it('should need a reason', () => {
    expect(errors(values({ endDate: '15/12/2026', reason: ' ' }))).toEqual([
      ['reason', 'validation.required'],
    ]);
  });

  it('should check the refund details only when a refund is wanted, at the field that caused them', () => {
    expect(errors(values({ endDate: '15/12/2026', refundWanted: 'YES' }))).toEqual([
      ['refund.bankAccountNumber', 'validation.required'],
      ['refund.holderName', 'validation.required'],
      ['refund.holderPostalCode', 'validation.required'],
      ['refund.holderAddress', 'validation.required'],
      ['refund.holderCity', 'validation.required'],
      ['refund.holderCountry', 'validation.required'],
    ]);
    expect(
      errors(values({ endDate: '15/12/2026', ...refund, 'refund.bankAccountNumber': '4111 1111 1111 1111' })),
    ).toEqual([['refund.bankAccountNumber', 'validation.refund.creditCard']]);
  });

  it('should refuse a refund account that is not an IBAN, or is a UK one, like payment settings and claims do', () => {
    const account = (value: string) =>
      errors(values({ endDate: '15/12/2026', ...refund, 'refund.bankAccountNumber': value }));
    expect(account('hello 123')).toEqual([['refund.bankAccountNumber', 'validation.iban.invalid']]);
    expect(account('GB82 WEST 1234 5698 7654 32')).toEqual([
      ['refund.bankAccountNumber', 'validation.iban.uk'],
    ]);
    expect(account('nl91 abna 0417 1643 00')).toEqual([]);
    expect(errors(values({ endDate: '15/12/2026', ...refund, 'refund.bic': 'NOT A BIC' }))).toEqual([
      ['refund.bic', 'validation.bic.invalid'],
    ]);
  });

  it('should build the terminate body with a wire date, leaving out the refund when not wanted', () => {
    const without = check(values({ endDate: '15/12/2026', 'refund.holderName': 'Typed, then said no' }));
    expect(without.success && toTerminateRequest('POL-1', without.output)).toEqual({
      id: 'POL-1',
      endDate: '2026-12-15',
      reason: 'Moving home',
    });
    const withRefund = check(values({ endDate: '15/12/2026', ...refund, 'refund.bic': 'ABNANL2A' }));
    expect(withRefund.success && toTerminateRequest('POL-1', withRefund.output)).toEqual({
      id: 'POL-1',
      endDate: '2026-12-15',
      reason: 'Moving home',
      refund: {
        bankAccountNumber: 'NL91ABNA0417164300',
        bic: 'ABNANL2A',
        holderName: 'Anna de Vries',
        holderPostalCode: '1012AB',
        holderAddress: 'Dam 1',
        holderCity: 'Amsterdam',
        holderCountry: 'Netherlands',
      },
    });
  });

  it('should count the days no longer covered', () => {
    expect(daysNoLongerCovered('2026-12-31', '21/12/2026')).toBe(10);
    // Across the change back from summer time.
    expect(daysNoLongerCovered('2026-11-30', '01/10/2026')).toBe(60);
    expect(daysNoLongerCovered('2026-12-31', 'not a date')).toBe(0);
  });
});
