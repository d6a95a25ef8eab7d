import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson, parseJson } from '@portal/shared/get-json';
import { claimsPath, claimWireSchema } from '@portal/contract/wire';
import type { Claim } from '@portal/contract/wire';

const claimsSchema = v.array(claimWireSchema);

/** Newest first, whatever order the backend keeps. */
const newestFirst = (claims: readonly Claim[]): Claim[] =>
  [...claims].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));

/** `GET /api/en/profiles/{profileId}/claims`: the student's claims, newest first. */
export async function getClaims(profileId: string, signal?: AbortSignal): Promise<Claim[]> {
  return newestFirst(await getJson(claimsPath(profileId), claimsSchema, { signal }));
}

/**
 * Loads the student's claims; `retry` loads them again after a failure. The page's first render
 * takes them when they came with the page (her own frame, rendered by this remote's server).
 */
export function useClaims(profileId: string) {
  const path = claimsPath(profileId);
  return useApiResource((signal) => getClaims(profileId, signal), [profileId], {
    path,
    read: (body) => newestFirst(parseJson(path, claimsSchema, body)),
  });
}
