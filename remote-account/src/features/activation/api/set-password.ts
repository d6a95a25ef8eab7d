import { http } from '@portal/shared';

import { tokenHeaders } from '../../../lib/token-headers';

/** `POST /api/accounts/{username}/password` with the token of a reset link. */
export async function setPassword(username: string, token: string, password: string): Promise<void> {
  await http.post(`api/accounts/${encodeURIComponent(username)}/password`, {
    headers: tokenHeaders(token),
    json: { password },
  });
}
