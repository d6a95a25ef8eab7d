/** @jest-environment jest-fixed-jsdom */
import {
  clearPendingPayment,
  isPaymentPending,
  markPaymentPending,
  PENDING_PAYMENT_MS,
} from './pending-payments';

afterEach(() => sessionStorage.clear());

describe('pending payments', () => {
  it('should remember a payment per invoice until it is cleared', () => {
    markPaymentPending('INV-1', 1_000);
    expect(isPaymentPending('INV-1', 2_000)).toBe(true);
    expect(isPaymentPending('INV-2', 2_000)).toBe(false);
    clearPendingPayment('INV-1');
    expect(isPaymentPending('INV-1', 2_000)).toBe(false);
  });

  it('should let a payment lapse after the pending time, and forget it', () => {
    markPaymentPending('INV-1', 0);
    expect(isPaymentPending('INV-1', PENDING_PAYMENT_MS - 1)).toBe(true);
    expect(isPaymentPending('INV-1', PENDING_PAYMENT_MS)).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    ['not a number', 'soon'],
    ['a time in the future', String(Date.now() + 60_000)],
  ])('should not count a stored value that is %s', (_case, value) => {
    sessionStorage.setItem('billing.pendingPayment.INV-1', value);
    expect(isPaymentPending('INV-1')).toBe(false);
  });
});
