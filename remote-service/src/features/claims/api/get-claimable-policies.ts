import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import { INSURANCE_TYPES } from '@portal/shared/validation';
import type { ClaimablePolicy } from '@portal/shared/validation';

/** A policy a claim can be filed against, with its type for the choice's label. */
export type ClaimPolicyOption = ClaimablePolicy & { insuranceType: (typeof INSURANCE_TYPES)[number] };

// Only what the claim form needs of each policy; the rest of RawPolicy is the insurance remote's.
const policySchema = v.object({
  policyNumber: v.optional(v.string()),
  insuranceType: v.picklist(INSURANCE_TYPES),
  startDate: v.pipe(v.string(), v.isoDate()),
  endDate: v.pipe(v.string(), v.isoDate()),
  status: v.string(),
  cancelledFromStart: v.optional(v.picklist(['true', 'false'])),
});

/** The body of the policies call does not match the contract: the form cannot offer the policies. */
export class MalformedPoliciesError extends Error {
  constructor(detail: string) {
    super(`The policies response does not match the contract: ${detail}`);
    this.name = 'MalformedPoliciesError';
  }
}

/**
 * The policies a claim can be filed against, as the api decides: those with a policy number that
 * were not refused (DISAPPROVED) or cancelled from the start.
 */
export function claimablePolicies(body: unknown): ClaimPolicyOption[] {
  const result = v.safeParse(v.array(policySchema), body);
  if (!result.success) throw new MalformedPoliciesError(v.summarize(result.issues));
  return result.output.flatMap((policy) =>
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
  const body: unknown = await http
    .get(`api/en/profiles/${encodeURIComponent(profileId)}/policies`, { signal })
    .json();
  return claimablePolicies(body);
}

/** Loads the policies for the claim form; `retry` loads them again after a failure. */
export function useClaimablePolicies(profileId: string) {
  return useApiResource((signal) => getClaimablePolicies(profileId, signal), [profileId]);
}
