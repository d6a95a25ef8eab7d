import { errorStatus, readApiError } from '@portal/shared';
import { apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import type { FieldError } from '@portal/contract/wire';

/**
 * How a failed change call ends: a rule the api named on a field, or a failure to report as such,
 * with the api's reason when it gave one (under review, ended, managed by the institution).
 */
export type ChangeFailure = { kind: 'fields'; fields: FieldError[] } | { kind: 'error'; reason?: ApiReason };

/**
 * Reads a failed call: a 422 (a start-date rule) or a 400 (validation) with `fields` goes back to
 * the form; another 4xx with a reason is shown in the api's words; anything else is an error the
 * page reports in docs/requirements.md §8's words.
 */
export async function readChangeFailure(error: unknown): Promise<ChangeFailure> {
  const status = errorStatus(error);
  const answer = await readApiError(error);
  if (status === 422 || status === 400) {
    const fields = answer?.fields ?? [];
    if (fields.length > 0) return { kind: 'fields', fields };
  }
  const reason = apiReasonOf(status, answer);
  return reason ? { kind: 'error', reason } : { kind: 'error' };
}
