import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { Claim } from '@portal/shared/wire';
import { CLAIM_STATUSES } from '@portal/shared/validation';

/** One claim of the list as docs/contract.md describes it (`Claim` of the OpenAPI document). */
export const claimSchema = v.object({
  claimNumber: v.pipe(v.string(), v.nonEmpty()),
  policyNumber: v.string(),
  submittedAt: v.pipe(v.string(), v.isoTimestamp()),
  status: v.picklist(CLAIM_STATUSES),
  amount: v.pipe(v.number(), v.finite()),
});

/** The body of `GET /api/en/profiles/{profileId}/claims`. */
export const claimsBodySchema = v.array(claimSchema);

/** The body of the claims call does not match the contract: nothing is shown. */
export class MalformedClaimsError extends Error {
  constructor(detail: string) {
    super(`The claims response does not match the contract: ${detail}`);
    this.name = 'MalformedClaimsError';
  }
}

/** `GET /api/en/profiles/{profileId}/claims`: the student's claims, newest first. */
export async function getClaims(profileId: string, signal?: AbortSignal): Promise<Claim[]> {
  const body: unknown = await http
    .get(`api/en/profiles/${encodeURIComponent(profileId)}/claims`, { signal })
    .json();
  const result = v.safeParse(claimsBodySchema, body);
  if (!result.success) throw new MalformedClaimsError(v.summarize(result.issues));
  const claims: Claim[] = result.output;
  // Newest first whatever order the backend keeps.
  return [...claims].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));
}

/** Loads the student's claims; `retry` loads them again after a failure. */
export function useClaims(profileId: string) {
  return useApiResource((signal) => getClaims(profileId, signal), [profileId]);
}
