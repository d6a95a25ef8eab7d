import { useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import { profilePath, profileWireSchema } from '@portal/contract/wire';
import type { Profile } from '@portal/contract/wire';

/** `GET /api/en/profiles/{profileId}`, checked against the contract. */
export async function getProfile(profileId: string, signal?: AbortSignal): Promise<Profile> {
  // The schema is the wire contract: its output must stay a Profile.
  const profile: Profile = await getJson(profilePath(profileId), profileWireSchema, { signal });
  return profile;
}

/** Loads the student's personal details; `retry` loads them again after a failure. */
export function useProfile(profileId: string) {
  return useApiResource((signal) => getProfile(profileId, signal), [profileId]);
}
