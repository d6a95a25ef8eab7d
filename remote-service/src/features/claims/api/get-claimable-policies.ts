import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import type { ClaimablePolicy } from '@portal/contract/validation';
import { policiesPath, policyWireSchema } from '@portal/contract/wire';
import type { InsuranceType } from '@portal/contract/wire';

/** A policy a claim can be filed against, with its type for the choice's label. */
export type ClaimPolicyOption = ClaimablePolicy & { insuranceType: InsuranceType };

// Only what the claim form needs of each policy; the rest of RawPolicy is the insurance remote's.
const claimPoliciesSchema = v.array(
  v.pick(policyWireSchema, [
    'policyNumber',
    'insuranceType',
    'startDate',
    'endDate',
    'status',
    'cancelledFromStart',
  ]),
);

/**
 * The policies a claim can be filed against, as the api decides: those with a policy number that
 * were not refused (DISAPPROVED) or cancelled from the start.
 */
export function claimablePolicies(policies: v.InferOutput<typeof claimPoliciesSchema>): ClaimPolicyOption[] {
  return policies.flatMap((policy) =>
    policy.policyNumber && policy.status !== 'DISAPPROVED' && policy.cancelledFromStart !== 'true'
      ? [
          {
            policyNumber: policy.policyNumber,
            insuranceType: policy.insuranceType,
            startDate: policy.startDate,
            endDate: policy.endDate,
          },
        ]
      : [],
  );
}

/** `GET /api/en/profiles/{profileId}/policies`, narrowed to the policies a claim can be filed against. */
export async function getClaimablePolicies(
  profileId: string,
  signal?: AbortSignal,
): Promise<ClaimPolicyOption[]> {
  return claimablePolicies(await getJson(policiesPath(profileId), claimPoliciesSchema, { signal }));
}

/** Loads the policies for the claim form; `retry` loads them again after a failure. */
export function useClaimablePolicies(profileId: string) {
  return useApiResource((signal) => getClaimablePolicies(profileId, signal), [profileId]);
}
