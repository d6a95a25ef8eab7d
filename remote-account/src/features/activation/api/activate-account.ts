import { http } from '@portal/shared';

import { tokenHeaders } from '../../../lib/token-headers';

/** `POST /api/accounts/{username}/activate` with the link's token; the token is single-use. */
export async function activateAccount(username: string, token: string, password: string): Promise<void> {
  await http.post(`api/accounts/${encodeURIComponent(username)}/activate`, {
    headers: tokenHeaders(token),
    json: { password },
  });
}
