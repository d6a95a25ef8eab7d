import { http } from '@portal/shared';

import { passwordHeaders } from '../../../lib/password-headers';

/**
 * `DELETE /api/passkeys/{id}` with the current password (401 wrong password). The backend ends every
 * session opened with this passkey, this one too when it was.
 */
export async function removePasskey(id: string, currentPassword: string): Promise<void> {
  await http.delete(`api/passkeys/${encodeURIComponent(id)}`, { headers: passwordHeaders(currentPassword) });
}
