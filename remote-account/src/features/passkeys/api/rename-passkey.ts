import * as v from 'valibot';
import { http } from '@portal/shared';
import { plainText, visibleText } from '@portal/contract/validation';
import type { Passkey } from '@portal/contract/wire';

import { parsePasskey } from './list-passkeys';

/** Longest name of a passkey (the api checks it again). */
export const PASSKEY_NAME_MAX = 64;

/** The rename form: a name of 1 to 64 characters of plain text. */
export const renamePasskeyForm = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(PASSKEY_NAME_MAX, 'validation.maxLength'),
    plainText(),
    visibleText(),
  ),
});

/** `PATCH /api/passkeys/{id}`: 400 invalid name, 404 not the student's passkey. */
export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  const path = `api/passkeys/${encodeURIComponent(id)}`;
  const body: unknown = await http.patch(path, { json: { name } }).json();
  return parsePasskey(body, path);
}
