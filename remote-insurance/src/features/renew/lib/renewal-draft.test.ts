import * as v from 'valibot';

import {
  completeRenewal,
  initialRenewalDraft,
  periodFormSchema,
  premiumQuestion,
  renewalDraftSchema,
  stepOfField,
} from './renewal-draft';
import type { RenewalDraft } from './renewal-draft';

const today = new Date(2026, 10, 23);
const policy = { id: 'POL-1', startDate: '2026-01-01', endDate: '2026-12-31' };

function draft(
  overrides: Partial<RenewalDraft['period']> = {},
  acceptance: Partial<RenewalDraft['acceptance']> = {},
) {
  const initial = initialRenewalDraft({ paymentTerm: 'MONTHLY', paymentMethod: 'BANK_TRANSFER' });
  return {
    ...initial,
    step: 'summary' as const,
    period: { ...initial.period, endDate: '31/12/2027', ...overrides },
    acceptance: {
      medical: 'NO',
      criminalRecord: 'NO',
      insuranceRefusal: 'NO',
      insuranceRefusalExplanation: '',
      preExistingAgreed: true,
      ...acceptance,
    },
  };
}

describe('renewal draft', () => {
  it('should start on the period step with the current payment term and method', () => {
    const initial = initialRenewalDraft({ paymentTerm: 'QUARTERLY', paymentMethod: 'DIRECT_DEBIT' });
    expect(initial.step).toBe('period');
    expect(initial.period).toMatchObject({
      endDate: '',
      paymentTerm: 'QUARTERLY',
      paymentMethod: 'DIRECT_DEBIT',
    });
    expect(initial.acceptance.preExistingAgreed).toBe(false);
    // What is stored must read back: the draft schema accepts every draft the flow makes.
    expect(v.safeParse(renewalDraftSchema, initial).success).toBe(true);
  });

  it('should drop a stored draft of another shape', () => {
    expect(v.safeParse(renewalDraftSchema, { step: 'done', period: {} }).success).toBe(false);
  });

  it('should ask for a premium only for a valid end date and a term', () => {
    expect(premiumQuestion(policy, { endDate: '31/12/2027', paymentTerm: 'YEARLY' }, today)).toEqual({
      endDate: '2027-12-31',
      paymentTerm: 'YEARLY',
    });
    expect(
      premiumQuestion(policy, { endDate: '31/12/202', paymentTerm: 'YEARLY' }, today).endDate,
    ).toBeNull();
    expect(
      premiumQuestion(policy, { endDate: '30/12/2026', paymentTerm: 'YEARLY' }, today).endDate,
    ).toBeNull();
    expect(premiumQuestion(policy, { endDate: '31/12/2027', paymentTerm: '' }, today).paymentTerm).toBeNull();
  });

  it('should show the shared rules on the period form', () => {
    const result = v.safeParse(periodFormSchema(policy, today), {
      ...draft().period,
      endDate: '28/02/2027',
      paymentTerm: 'HALF_YEARLY',
    });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['reasonShortTerm', 'validation.required'],
      ['paymentTerm', 'validation.paymentTerm.period'],
    ]);
  });

  it('should build the addperiod body with wire dates and without unused bank details', () => {
    expect(completeRenewal(policy, draft({ iban: 'NL91ABNA0417164300' }), today)).toEqual({
      ok: true,
      body: {
        id: 'POL-1',
        endDate: '2027-12-31',
        paymentTerm: 'MONTHLY',
        paymentMethod: 'BANK_TRANSFER',
        answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
        preExistingAgreed: true,
      },
    });
  });

  it('should send the bank details of a direct debit, the short-term reason and a refusal explanation', () => {
    const result = completeRenewal(
      policy,
      draft(
        {
          endDate: '30/06/2027',
          reasonShortTerm: ' One more semester ',
          paymentMethod: 'DIRECT_DEBIT',
          iban: 'nl91 abna 0417 1643 00',
          bic: 'abnanl2a',
          accountHolder: 'A. de Vries',
        },
        { insuranceRefusal: 'YES', insuranceRefusalExplanation: 'Refused in 2024' },
      ),
      today,
    );
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        endDate: '2027-06-30',
        reasonShortTerm: 'One more semester',
        iban: 'NL91ABNA0417164300',
        bic: 'ABNANL2A',
        accountHolder: 'A. de Vries',
        answers: {
          medical: 'NO',
          criminalRecord: 'NO',
          insuranceRefusal: 'YES',
          insuranceRefusalExplanation: 'Refused in 2024',
        },
      }),
    });
  });

  it('should send the student back to the first step that is not complete', () => {
    expect(completeRenewal(policy, draft({ endDate: '' }), today)).toEqual({ ok: false, step: 'period' });
    expect(completeRenewal(policy, draft({}, { preExistingAgreed: false }), today)).toEqual({
      ok: false,
      step: 'acceptance',
    });
  });

  it('should place the api’s refused fields on their step', () => {
    expect(stepOfField('answers.medical')).toBe('acceptance');
    expect(stepOfField('preExistingAgreed')).toBe('acceptance');
    expect(stepOfField('iban')).toBe('period');
  });
});
