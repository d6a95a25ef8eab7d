import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { Profile } from '@portal/shared/wire';

/** The profile as docs/contract.md describes it (`Profile` of the OpenAPI document). */
export const profileBodySchema = v.object({
  profileId: v.pipe(v.string(), v.nonEmpty()),
  gender: v.picklist(['MALE', 'FEMALE', 'UNDEFINED']),
  firstName: v.string(),
  surname: v.string(),
  birthDate: v.pipe(v.string(), v.isoDate()),
  countryOfOrigin: v.string(),
  nationality: v.string(),
  username: v.pipe(v.string(), v.nonEmpty()),
  editable: v.picklist(['true', 'false']),
});

/** The body of the profile call does not match the contract: nothing is shown. */
export class MalformedProfileError extends Error {
  constructor(detail: string) {
    super(`The profile response does not match the contract: ${detail}`);
    this.name = 'MalformedProfileError';
  }
}

/** Checks a profile body against the contract; throws {@link MalformedProfileError} when it does not match. */
export function parseProfile(body: unknown): Profile {
  const result = v.safeParse(profileBodySchema, body);
  if (!result.success) throw new MalformedProfileError(v.summarize(result.issues));
  // The schema is the wire contract: its output must stay a Profile.
  const profile: Profile = result.output;
  return profile;
}

/** `GET /api/en/profiles/{profileId}`. */
export async function getProfile(profileId: string, signal?: AbortSignal): Promise<Profile> {
  const body: unknown = await http.get(`api/en/profiles/${encodeURIComponent(profileId)}`, { signal }).json();
  return parseProfile(body);
}

/** Loads the student's personal details; `retry` loads them again after a failure. */
export function useProfile(profileId: string) {
  return useApiResource((signal) => getProfile(profileId, signal), [profileId]);
}
