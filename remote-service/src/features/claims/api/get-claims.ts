import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import { claimsPath, claimWireSchema } from '@portal/shared/wire';
import type { Claim } from '@portal/shared/wire';

/** `GET /api/en/profiles/{profileId}/claims`: the student's claims, newest first. */
export async function getClaims(profileId: string, signal?: AbortSignal): Promise<Claim[]> {
  const claims: Claim[] = await getJson(claimsPath(profileId), v.array(claimWireSchema), { signal });
  // Newest first whatever order the backend keeps.
  return [...claims].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));
}

/** Loads the student's claims; `retry` loads them again after a failure. */
export function useClaims(profileId: string) {
  return useApiResource((signal) => getClaims(profileId, signal), [profileId]);
}
