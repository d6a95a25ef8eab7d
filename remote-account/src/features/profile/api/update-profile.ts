import * as v from 'valibot';
import { http } from '@portal/shared';
import { isUnchanged as isSameFields, profileSchema } from '@portal/contract/validation';
import { parseJson } from '@portal/shared/get-json';
import { profileWireSchema } from '@portal/contract/wire';
import type { Profile, ProfileUpdate } from '@portal/contract/wire';

import { formToWireDate } from '../lib/profile-dates';

const text = v.string();

/**
 * The personal details form: every field is text while the student types, then checked by the
 * shared profile schema (the one the backend uses) with the birth date typed as dd/mm/yyyy.
 */
export const personalDetailsFormSchema = v.pipe(
  v.object({
    gender: text,
    firstName: text,
    surname: text,
    birthDate: text,
    countryOfOrigin: text,
    nationality: text,
  }),
  profileSchema({ dateFormat: 'form' }),
);

/** What the personal details form holds while the student types. */
export type PersonalDetailsInput = v.InferInput<typeof personalDetailsFormSchema>;

export type PersonalDetailsOutput = v.InferOutput<typeof personalDetailsFormSchema>;

/** The body of `POST /api/en/profiles/{profileId}/` for what the form holds once valid. */
export function toProfileUpdate(output: PersonalDetailsOutput): ProfileUpdate {
  return { ...output, birthDate: formToWireDate(output.birthDate) };
}

/** The fields of the personal details form, as the profile holds them. */
const PROFILE_FIELDS = [
  'gender',
  'firstName',
  'surname',
  'birthDate',
  'countryOfOrigin',
  'nationality',
] as const;

/** True when the update would leave the profile as it is: then nothing is sent (docs/requirements.md §8 "No changes found"). */
export function isUnchanged(update: ProfileUpdate, profile: Profile): boolean {
  return isSameFields(update, profile, PROFILE_FIELDS);
}

/** `POST /api/en/profiles/{profileId}/` → the saved profile. */
export async function updateProfile(profileId: string, update: ProfileUpdate): Promise<Profile> {
  const path = `api/en/profiles/${encodeURIComponent(profileId)}/`;
  const body: unknown = await http.post(path, { json: update }).json();
  // The answer is the saved profile, checked as the profile read is.
  const profile: Profile = parseJson(path, profileWireSchema, body);
  return profile;
}
