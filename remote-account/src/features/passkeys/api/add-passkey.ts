import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { http } from '@portal/shared';
import type { Passkey } from '@portal/contract/wire';

import { passwordHeaders } from '../../../lib/password-headers';
import { parsePasskey } from './list-passkeys';

/**
 * Adds a passkey: `POST /api/passkeys/registration/options` with the current password (401 wrong
 * password, 409 at 10 passkeys), then the browser creates the credential, then `POST /api/passkeys`
 * with its answer. The browser's own refusal (the student cancels) rejects with a `DOMException`-like
 * error whose `name` is `NotAllowedError`.
 */
export async function addPasskey(currentPassword: string): Promise<Passkey> {
  const optionsJSON = await http
    .post('api/passkeys/registration/options', { headers: passwordHeaders(currentPassword) })
    .json<PublicKeyCredentialCreationOptionsJSON>();
  const response = await startRegistration({ optionsJSON });
  const body: unknown = await http.post('api/passkeys', { json: { response } }).json();
  return parsePasskey(body);
}
