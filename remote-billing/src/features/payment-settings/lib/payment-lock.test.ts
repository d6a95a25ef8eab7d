import type { PolicyPayment } from '../api/get-policy-payment';
import { paymentLock } from './payment-lock';

const TODAY = new Date(2026, 10, 24);

function policy(overrides: Partial<PolicyPayment>): PolicyPayment {
  return {
    policyId: 'POL-1',
    insuranceType: 'TRAVEL',
    status: 'ACTIVE',
    startDate: '2026-09-01',
    editable: 'true',
    renewable: 'true',
    customerType: 'INDIVIDUAL',
    paymentTerm: 'MONTHLY',
    paymentMethod: 'DIRECT_DEBIT',
    ...overrides,
  };
}

describe('paymentLock', () => {
  it.each([
    ['INDIVIDUAL', 'DIRECT_DEBIT', null],
    ['INDIVIDUAL', 'BANK_TRANSFER', null],
    ['INDIVIDUAL', 'CREDITCARD', 'creditCard'],
    // docs/requirements.md §6 order in the shared rules: the card first, whoever pays.
    ['INSTITUTE_STUDENT_PAYS', 'CREDITCARD', 'creditCard'],
    ['INSTITUTE', 'BANK_TRANSFER', 'institute'],
    ['INSTITUTE_STUDENT_PAYS', 'DIRECT_DEBIT', 'viaInstitution'],
  ] as const)('should lock a %s policy paid by %s: %s', (customerType, paymentMethod, lock) => {
    expect(paymentLock(policy({ customerType, paymentMethod }), TODAY)).toBe(lock);
  });

  it.each([
    ['UNDER_REVIEW', 'underReview'],
    ['UNDER_REVIEW_NEW', 'applicationUnderReview'],
    ['DISAPPROVED', 'disapproved'],
    ['EXPIRED', 'expired'],
    ['CANCELLED', 'cancelled'],
  ] as const)('should lock a %s policy before asking who pays: %s', (status, lock) => {
    expect(paymentLock(policy({ status, paymentMethod: 'CREDITCARD' }), TODAY)).toBe(lock);
  });
});
