import { http } from '@portal/shared';

import { passwordHeaders } from './password-headers';

/**
 * `POST /api/accounts/{username}/reset/username`: mails a confirmation link to the new address;
 * the e-mail changes only when that link is followed. 401 wrong password, 409 address taken.
 */
export async function changeEmail(
  username: string,
  newUsername: string,
  currentPassword: string,
): Promise<void> {
  await http.post(`api/accounts/${encodeURIComponent(username)}/reset/username`, {
    headers: passwordHeaders(currentPassword),
    json: { newUsername },
  });
}
