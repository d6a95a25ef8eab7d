import { http } from '@portal/shared';

import { passwordHeaders } from './password-headers';

/**
 * `POST /api/accounts/{username}/password` with the current password: the backend ends the
 * student's other sessions and keeps this one. 401 wrong current password.
 */
export async function changePassword(
  username: string,
  currentPassword: string,
  password: string,
): Promise<void> {
  await http.post(`api/accounts/${encodeURIComponent(username)}/password`, {
    headers: passwordHeaders(currentPassword),
    json: { password },
  });
}
