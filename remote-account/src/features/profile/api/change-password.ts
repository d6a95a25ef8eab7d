import * as v from 'valibot';
import { http } from '@portal/shared';
import { passwordChangeFormSchema } from '@portal/contract/validation';

import { passwordHeaders } from '../../../lib/password-headers';

const text = v.string();

/**
 * The password change form: text while typing, then the shared schema. Its repeat rule only runs
 * once every field is valid, so it is repeated as a partial check: the student sees every error
 * at once.
 */
export const passwordChangeForm = v.pipe(
  v.object({ password: text, newPassword: text, repeatPassword: text }),
  passwordChangeFormSchema,
  v.forward(
    v.partialCheck(
      [['newPassword'], ['repeatPassword']],
      (input) => input.newPassword === input.repeatPassword,
      'validation.newPassword.notSame',
    ),
    ['repeatPassword'],
  ),
);

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
