import { policyChangeReason } from '@portal/contract/domain';

import type { PolicyPayment } from '../api/get-policy-payment';

/**
 * Why the student cannot change a policy's payment settings, or null when they can: the shared
 * policy rules of `@portal/shared/domain`, which the policy cards, Profile and the api apply too.
 * Paid by credit card, by the institute or by the student via the institution (docs/requirements.md §6); under
 * review (docs/requirements.md §4); or the policy has ended (disapproved, expired, cancelled).
 */
export type PaymentLock =
  | 'creditCard'
  | 'institute'
  | 'viaInstitution'
  | 'underReview'
  | 'applicationUnderReview'
  | 'disapproved'
  | 'expired'
  | 'cancelled';

export function paymentLock(policy: PolicyPayment, today: Date = new Date()): PaymentLock | 'unknown' | null {
  const reason = policyChangeReason(policy, 'paymentSettings', today);
  switch (reason) {
    case null:
      return null;
    case 'paidByCreditCard':
      return 'creditCard';
    case 'paidByInstitute':
      return 'institute';
    case 'paidViaInstitution':
      return 'viaInstitution';
    case 'underReview':
    case 'applicationUnderReview':
    case 'disapproved':
    case 'expired':
    case 'cancelled':
      return reason;
    default:
      // The rules give payment settings no other reason today; a new one is refused, not offered.
      return 'unknown';
  }
}
