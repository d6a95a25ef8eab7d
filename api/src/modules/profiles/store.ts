import type { Db } from '../../db/db.js';

// The SQL of a student's profile: her personal details and her mail settings.

/** A profiles row with the account's e-mail address. */
export interface ProfileRow {
  profile_id: string;
  gender: 'MALE' | 'FEMALE' | 'UNDEFINED';
  first_name: string;
  surname: string;
  birth_date: Date | string;
  country_of_origin: string;
  nationality: string;
  email: string;
  editable: boolean;
  customer_type: string;
}

/** The personal details a student may change, checked. */
export interface PersonalDetails {
  gender: string;
  firstName: string;
  surname: string;
  birthDate: string;
  countryOfOrigin: string;
  nationality: string;
}

export async function findProfile(db: Db, profileId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>(
    'SELECT p.*, a.email FROM profiles p JOIN accounts a ON a.id = p.account_id WHERE p.profile_id = $1',
    [profileId],
  );
  return row;
}

export async function updateProfile(db: Db, profileId: string, details: PersonalDetails): Promise<void> {
  await db.query(
    `UPDATE profiles SET gender = $2, first_name = $3, surname = $4, birth_date = $5, country_of_origin = $6,
      nationality = $7 WHERE profile_id = $1`,
    [
      profileId,
      details.gender,
      details.firstName,
      details.surname,
      details.birthDate,
      details.countryOfOrigin,
      details.nationality,
    ],
  );
}

/** The profile's mail settings as stored (the language as stored; the mail module reads it). */
export async function findMailPreferences(
  db: Db,
  profileId: string,
): Promise<{ mail_language: string; claim_mails: boolean } | undefined> {
  const [row] = await db.query<{ mail_language: string; claim_mails: boolean }>(
    'SELECT mail_language, claim_mails FROM profiles WHERE profile_id = $1',
    [profileId],
  );
  return row;
}

/** Changes the mail settings given; null leaves one as it is. */
export async function updateMailPreferences(
  db: Db,
  profileId: string,
  preferences: { language: string | null; claimUpdates: boolean | null },
): Promise<void> {
  await db.query(
    `UPDATE profiles SET mail_language = coalesce($2, mail_language), claim_mails = coalesce($3, claim_mails)
     WHERE profile_id = $1`,
    [profileId, preferences.language, preferences.claimUpdates],
  );
}
