import type { Locale } from '../i18n';
import { http } from './http';

/** The student's mail settings (`MailPreferences` of the OpenAPI document). */
export interface MailPreferences {
  language: 'en' | 'nl';
  claimUpdates: boolean;
}

const path = (profileId: string) => `api/en/profiles/${encodeURIComponent(profileId)}/mail-preferences`;

/** The language the api writes mails in for a portal locale. */
export function mailLanguageOf(locale: Locale): MailPreferences['language'] {
  return locale === 'nl' ? 'nl' : 'en';
}

/** `PUT …/mail-preferences` with either setting or both; the settings as stored. */
export function updateMailPreferences(
  profileId: string,
  change: Partial<MailPreferences>,
): Promise<MailPreferences> {
  return http.put(path(profileId), { json: change }).json<MailPreferences>();
}
