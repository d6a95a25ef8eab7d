import { errorStatus, readApiError } from '@portal/shared';
import type { FieldError } from '@portal/shared/wire';

/** How a failed change call ends: a rule the api named on a field, or a failure to report as such. */
export type ChangeFailure = { kind: 'fields'; fields: FieldError[] } | { kind: 'error' };

/**
 * Reads a failed call: a 422 (a start-date rule) or a 400 (validation) with `fields` goes back to
 * the form; anything else is an error the page reports in docs/requirements.md §8's words.
 */
export async function readChangeFailure(error: unknown): Promise<ChangeFailure> {
  const status = errorStatus(error);
  if (status === 422 || status === 400) {
    const fields = (await readApiError(error))?.fields ?? [];
    if (fields.length > 0) return { kind: 'fields', fields };
  }
  return { kind: 'error' };
}
