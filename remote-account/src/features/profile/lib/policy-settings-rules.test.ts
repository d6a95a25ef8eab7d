import type { PolicySettingsPolicy } from '../api/get-policies';
import { settingBlock } from './policy-settings-rules';

const TODAY = new Date(2026, 5, 15);

const POLICY: PolicySettingsPolicy = {
  policyId: 'pol-1',
  policyNumber: 'TRV-1',
  insuranceType: 'TRAVEL',
  status: 'NOT_ACTIVE',
  startDate: '2026-06-25',
  editable: 'true',
  renewable: 'false',
  customerType: 'INDIVIDUAL',
  paymentMethod: 'DIRECT_DEBIT',
};

const blocks = (changes: Partial<PolicySettingsPolicy>) => {
  const policy = { ...POLICY, ...changes };
  return {
    address: settingBlock(policy, 'address', TODAY),
    startDate: settingBlock(policy, 'startDate', TODAY),
    payment: settingBlock(policy, 'payment', TODAY),
  };
};

describe('settingBlock', () => {
  it('should allow every setting of a student-paid policy that has not started', () => {
    expect(blocks({})).toEqual({ address: null, startDate: null, payment: null });
  });

  it('should lock the start date from the day the policy starts', () => {
    expect(blocks({ status: 'ACTIVE', startDate: '2026-06-15' })).toEqual({
      address: null,
      startDate: 'alreadyStarted',
      payment: null,
    });
  });

  it('should leave address and dates to the institution of an institute policy', () => {
    expect(blocks({ customerType: 'INSTITUTE' })).toEqual({
      address: 'institute',
      startDate: 'institute',
      payment: 'paidByInstitute',
    });
    expect(blocks({ customerType: 'INSTITUTE_STUDENT_PAYS', editable: 'false' })).toEqual({
      address: 'institute',
      startDate: 'institute',
      payment: 'paidViaInstitution',
    });
    expect(blocks({ editable: 'false' })).toMatchObject({ address: 'notEditable', startDate: 'notEditable' });
  });

  it('should let the student change an editable policy paid via the institution, except its payment', () => {
    expect(blocks({ customerType: 'INSTITUTE_STUDENT_PAYS' })).toEqual({
      address: null,
      startDate: null,
      payment: 'paidViaInstitution',
    });
  });

  it('should lock payment settings for a card and for paying through the institution', () => {
    expect(blocks({ paymentMethod: 'CREDITCARD' }).payment).toBe('paidByCreditCard');
    expect(blocks({ customerType: 'INSTITUTE_STUDENT_PAYS' }).payment).toBe('paidViaInstitution');
  });

  it('should lock everything while a change is under review, and on an ended policy', () => {
    expect(blocks({ status: 'UNDER_REVIEW' })).toEqual({
      address: 'underReview',
      startDate: 'underReview',
      payment: 'underReview',
    });
    expect(blocks({ status: 'UNDER_REVIEW_NEW' }).address).toBe('applicationUnderReview');
    expect(blocks({ status: 'EXPIRED' })).toEqual({
      address: 'expired',
      startDate: 'expired',
      payment: 'expired',
    });
    expect(blocks({ status: 'CANCELLED' }).payment).toBe('cancelled');
    expect(blocks({ status: 'DISAPPROVED' }).address).toBe('disapproved');
  });
});
