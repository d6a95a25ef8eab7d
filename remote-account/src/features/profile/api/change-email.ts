import * as v from 'valibot';
import { http } from '@portal/shared';
import { emailChangeFormSchema } from '@portal/contract/validation';

import { passwordHeaders } from '../../../lib/password-headers';

const text = v.string();

/**
 * The e-mail change form: text while typing, then the shared schema. Its repeat rule only runs
 * once every field is valid, so it is repeated as a partial check: the student sees every error
 * at once.
 */
export const emailChangeForm = v.pipe(
  v.object({ newUsername: text, repeatUsername: text, password: text }),
  emailChangeFormSchema,
  v.forward(
    v.partialCheck(
      [['newUsername'], ['repeatUsername']],
      (input) => input.newUsername.trim().toLowerCase() === input.repeatUsername.trim().toLowerCase(),
      'validation.email.notSame',
    ),
    ['repeatUsername'],
  ),
);

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
