import { useApiResource } from '@portal/shared';
import type { Policy } from '@portal/contract/domain';

import { getPolicies } from '../features/policies/api/get-policies';

/**
 * One of the student's policies, for a page beneath a policy card. The api has no call for a
 * single policy, so it is picked from the list; `null` when the student has no such policy (or
 * it cannot be read).
 */
export function usePolicy(profileId: string, policyId: string) {
  return useApiResource(
    async (signal): Promise<Policy | null> => {
      const entries = await getPolicies(profileId, signal);
      for (const entry of entries) if (entry.ok && entry.policy.id === policyId) return entry.policy;
      return null;
    },
    [profileId, policyId],
  );
}
