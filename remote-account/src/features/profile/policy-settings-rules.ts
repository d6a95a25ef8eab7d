import type { PolicySettingsPolicy } from './api/get-policies';
import { wireDay } from './profile-dates';

/** The settings of a policy the Profile page links to. */
export type PolicySetting = 'address' | 'startDate' | 'payment';

/** Why a setting cannot be changed now; each is a text under `profile.policies.reasons`. */
export type SettingBlock =
  | 'institute'
  | 'underReview'
  | 'ended'
  | 'started'
  | 'paidByCreditCard'
  | 'paidByInstitute'
  | 'paidViaInstitution';

const UNDER_REVIEW = new Set(['UNDER_REVIEW', 'UNDER_REVIEW_NEW']);
const ENDED = new Set(['EXPIRED', 'CANCELLED', 'DISAPPROVED']);

/** SPEC.md §6: an institute policy's address and dates are the institution's to change. */
function instituteBlock(policy: PolicySettingsPolicy): SettingBlock | null {
  return policy.customerType === 'INSTITUTE' || policy.editable !== 'true' ? 'institute' : null;
}

/** SPEC.md §4: nothing changes while a change is under review; an ended policy has nothing left to change. */
function statusBlock(policy: PolicySettingsPolicy): SettingBlock | null {
  if (UNDER_REVIEW.has(policy.status)) return 'underReview';
  if (ENDED.has(policy.status)) return 'ended';
  return null;
}

/** SPEC.md §6: payment settings are locked for card payments, the institute paying, or paying through it. */
function paymentBlock(policy: PolicySettingsPolicy): SettingBlock | null {
  if (policy.customerType === 'INSTITUTE') return 'paidByInstitute';
  if (policy.customerType === 'INSTITUTE_STUDENT_PAYS') return 'paidViaInstitution';
  if (policy.paymentMethod === 'CREDITCARD') return 'paidByCreditCard';
  return null;
}

/**
 * Why `setting` of `policy` cannot be changed today, or null when it can. The same rules as the
 * backend's (which answers 403 or 409 otherwise), so that a link is never offered only to fail.
 */
export function settingBlock(
  policy: PolicySettingsPolicy,
  setting: PolicySetting,
  today: Date = new Date(),
): SettingBlock | null {
  if (setting === 'payment') return paymentBlock(policy) ?? statusBlock(policy);
  const block = instituteBlock(policy) ?? statusBlock(policy);
  if (block || setting === 'address') return block;
  // SPEC.md §5: the start date cannot change once the policy has started.
  return policy.startDate <= wireDay(today) ? 'started' : null;
}
