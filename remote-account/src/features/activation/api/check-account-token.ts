import { useEffect, useState } from 'react';
import { errorStatus, http } from '@portal/shared';

import { tokenHeaders } from '../../../lib/token-headers';

/**
 * `GET /api/accounts/{username}/` with the link's token: 200 while the link is valid, 409
 * ALREADY_ACTIVATED for an activation link of an account that is activated already, 401 when it is
 * invalid, used or expired.
 */
export async function checkAccountToken(
  username: string,
  token: string,
  signal?: AbortSignal,
): Promise<void> {
  await http.get(`api/accounts/${encodeURIComponent(username)}/`, { headers: tokenHeaders(token), signal });
}

export type TokenCheck = 'checking' | 'valid' | 'invalid' | 'activated' | 'failed';

/** Checks the link once on mount (and again when it changes). */
export function useCheckAccountToken(username: string, token: string): TokenCheck {
  const [state, setState] = useState<{ key: string; check: TokenCheck }>({ key: '', check: 'checking' });
  const key = `${token}\n${username}`;

  useEffect(() => {
    if (!username || !token) {
      setState({ key, check: 'invalid' });
      return undefined;
    }
    const controller = new AbortController();
    checkAccountToken(username, token, controller.signal).then(
      () => setState({ key, check: 'valid' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = errorStatus(error);
        // 400 (malformed address) and 404 (no such account) make the link just as unusable as 401.
        const check: TokenCheck =
          status === 409
            ? 'activated'
            : status === 401 || status === 400 || status === 404
              ? 'invalid'
              : 'failed';
        setState({ key, check });
      },
    );
    return () => controller.abort();
  }, [key, username, token]);

  return state.key === key ? state.check : 'checking';
}
