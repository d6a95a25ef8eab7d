import { policyChangeReason } from '@portal/contract/domain';
import type { PolicyChangeReason } from '@portal/contract/domain';

import type { PolicySettingsPolicy } from '../api/get-policies';

/** The settings of a policy the Profile page links to. */
export type PolicySetting = 'address' | 'startDate' | 'payment';

/** Why a setting cannot be changed now; each is a text under `profile.policies.reasons`. */
export type SettingBlock = PolicyChangeReason;

const CHANGES = { address: 'address', startDate: 'startDate', payment: 'paymentSettings' } as const;

/**
 * Why `setting` of `policy` cannot be changed today, or null when it can: the shared policy rules
 * (`@portal/shared/domain`), which the policy cards, the change pages and the api apply too, so a
 * link is never offered only to fail.
 */
export function settingBlock(
  policy: PolicySettingsPolicy,
  setting: PolicySetting,
  today: Date = new Date(),
): SettingBlock | null {
  return policyChangeReason(policy, CHANGES[setting], today);
}
