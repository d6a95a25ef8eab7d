import { paymentLock } from './payment-lock';

describe('paymentLock', () => {
  it.each([
    ['INDIVIDUAL', 'DIRECT_DEBIT', null],
    ['INDIVIDUAL', 'BANK_TRANSFER', null],
    ['INDIVIDUAL', 'CREDITCARD', 'creditCard'],
    ['INSTITUTE_STUDENT_PAYS', 'CREDITCARD', 'creditCard'],
    ['INSTITUTE', 'BANK_TRANSFER', 'institute'],
    ['INSTITUTE_STUDENT_PAYS', 'DIRECT_DEBIT', 'viaInstitution'],
  ] as const)('should lock a %s policy paid by %s: %s', (customerType, paymentMethod, lock) => {
    expect(paymentLock({ customerType, paymentMethod })).toBe(lock);
  });
});
