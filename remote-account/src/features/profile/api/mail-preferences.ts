import { http } from '@portal/shared';
import type { MailPreferences } from '@portal/shared';
import { mailPreferencesPath as path } from '@portal/contract/wire';

// The remote's own calls, on the portal's `http`: a remote runs with the host's @portal/shared, which
// may be a release older than this remote and not have them (docs/design.md, independent releases).

/** `GET …/mail-preferences`. */
export function getMailPreferences(profileId: string, signal?: AbortSignal): Promise<MailPreferences> {
  return http.get(path(profileId), { signal }).json<MailPreferences>();
}

/** `PUT …/mail-preferences` with either setting or both; the settings as stored. */
export function updateMailPreferences(
  profileId: string,
  change: Partial<MailPreferences>,
): Promise<MailPreferences> {
  return http.put(path(profileId), { json: change }).json<MailPreferences>();
}
