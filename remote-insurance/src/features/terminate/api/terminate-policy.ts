import { useCallback, useState } from 'react';
import { errorStatus, http, readApiError } from '@portal/shared';
import { readApiReason } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import type { FieldError, TerminateRequest } from '@portal/contract/wire';

import { toPolicyEntry } from '../../policies';

/** `POST /api/en/policies/{id}/terminate`: 200 with the policy as it now is. */
export async function terminatePolicy(body: TerminateRequest): Promise<{ endDate: string | null }> {
  const answer: unknown = await http
    .post(`api/en/policies/${encodeURIComponent(body.id)}/terminate`, { json: body })
    .json();
  const entry = toPolicyEntry(answer, 0);
  // The termination is done either way; the new end date is only shown when the answer has one.
  return { endDate: entry.ok ? entry.policy.endDate : null };
}

/** How a termination ended. */
export type TerminateResult =
  | { outcome: 'terminated'; endDate: string | null }
  | { outcome: 'invalid'; fields: FieldError[] }
  | { outcome: 'failed'; reason?: ApiReason };

/** Sends the termination, with `sending` true meanwhile. */
export function useTerminatePolicy() {
  const [sending, setSending] = useState(false);
  const terminate = useCallback(async (body: TerminateRequest): Promise<TerminateResult> => {
    setSending(true);
    try {
      return { outcome: 'terminated', ...(await terminatePolicy(body)) };
    } catch (error) {
      const fields = errorStatus(error) === 400 ? ((await readApiError(error))?.fields ?? []) : [];
      if (fields.length > 0) return { outcome: 'invalid', fields };
      const reason = await readApiReason(error);
      return reason ? { outcome: 'failed', reason } : { outcome: 'failed' };
    } finally {
      setSending(false);
    }
  }, []);
  return { sending, terminate };
}
