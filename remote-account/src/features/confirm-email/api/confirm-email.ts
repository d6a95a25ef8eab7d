import { useEffect, useState } from 'react';
import { errorStatus, http } from '@portal/shared';

import { tokenHeaders } from '../../../lib/token-headers';

/** `POST /api/accounts/{newEmail}/username` with the link's token: completes the e-mail change. */
export async function confirmEmail(token: string, newEmail: string): Promise<void> {
  await http.post(`api/accounts/${encodeURIComponent(newEmail)}/username`, {
    headers: tokenHeaders(token),
    json: { newUsername: newEmail },
  });
}

export type EmailConfirmation = 'confirming' | 'done' | 'invalid' | 'exists' | 'failed';

function outcomeOf(error: unknown): EmailConfirmation {
  const status = errorStatus(error);
  // 400 (malformed address) and 404 make the link just as unusable as 401 (invalid, used, expired).
  if (status === 401 || status === 400 || status === 404) return 'invalid';
  if (status === 409) return 'exists';
  return 'failed';
}

// The token is single-use: a page mounted twice for the same link (a re-render, React's strict
// mode) must not send it twice, or the second answer would call a good link invalid.
const confirmations = new Map<string, Promise<EmailConfirmation>>();

/** Confirms the link once per token and reports how it went. */
export function useConfirmEmail(token: string, newEmail: string): EmailConfirmation {
  const key = `${token}\n${newEmail}`;
  const [state, setState] = useState<{ key: string; outcome: EmailConfirmation }>({
    key: '',
    outcome: 'confirming',
  });

  useEffect(() => {
    let current = true;
    let confirmation = confirmations.get(key);
    if (!confirmation) {
      confirmation =
        token && newEmail
          ? confirmEmail(token, newEmail).then((): EmailConfirmation => 'done', outcomeOf)
          : Promise.resolve<EmailConfirmation>('invalid');
      confirmations.set(key, confirmation);
    }
    void confirmation.then((outcome) => {
      if (current) setState({ key, outcome });
    });
    return () => {
      current = false;
    };
  }, [key, token, newEmail]);

  return state.key === key ? state.outcome : 'confirming';
}
