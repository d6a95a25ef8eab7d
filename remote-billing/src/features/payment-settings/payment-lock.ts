import type { PolicyPayment } from './api/get-policy-payment';

/**
 * Why the student cannot change a policy's payment settings (SPEC.md §6), or null when they can:
 * it is paid by credit card, by the institute, or by the student via the institution. The
 * backend applies the same rule and answers 403 `PAYMENT_LOCKED`.
 */
export type PaymentLock = 'creditCard' | 'institute' | 'viaInstitution';

export function paymentLock(
  policy: Pick<PolicyPayment, 'paymentMethod' | 'customerType'>,
): PaymentLock | null {
  if (policy.paymentMethod === 'CREDITCARD') return 'creditCard';
  if (policy.customerType === 'INSTITUTE') return 'institute';
  if (policy.customerType === 'INSTITUTE_STUDENT_PAYS') return 'viaInstitution';
  return null;
}
