import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { http } from '@portal/shared';
import { readApiReason } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import { emailSchema } from '@portal/contract/validation';

/** The reset-password form: the e-mail address of the account. */
export const requestPasswordResetSchema = v.object({ email: emailSchema });

export type RequestPasswordResetInput = v.InferOutput<typeof requestPasswordResetSchema>;

/**
 * `PUT /api/accounts/{email}/reset/password`. The backend answers 204 whether or not the account
 * exists, so the page cannot reveal which addresses are registered.
 */
export async function requestPasswordReset({ email }: RequestPasswordResetInput): Promise<void> {
  await http.put(`api/accounts/${encodeURIComponent(email)}/reset/password`);
}

export type RequestStatus = 'idle' | 'pending' | 'done' | 'failed';

/** Sends the reset request and tracks its status for the page, with the api's reason for a refusal. */
export function useRequestPasswordReset() {
  const [status, setStatus] = useState<RequestStatus>('idle');
  const [reason, setReason] = useState<ApiReason | undefined>();
  const submit = useCallback(async (input: RequestPasswordResetInput) => {
    setStatus('pending');
    setReason(undefined);
    try {
      await requestPasswordReset(input);
      setStatus('done');
    } catch (error) {
      setReason(await readApiReason(error));
      setStatus('failed');
    }
  }, []);
  return { status, reason, submit };
}
