import { errorStatus, HTTPError, readApiError } from '@portal/shared';
import { apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import type { FieldError } from '@portal/contract/wire';

/** What a failed profile call answered, as the forms need it. */
export type Failure = {
  /** The HTTP status; undefined when no answer came (network failure). */
  status: number | undefined;
  code: string | undefined;
  /** The fields a 400 rejected. */
  fields: FieldError[];
  /** Seconds to wait after a 429 (`Retry-After`). */
  retryAfter: number | undefined;
  /** The api's reason for a refusal that names no field (a policy under review, a rule of the api). */
  reason?: ApiReason;
};

function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof HTTPError)) return undefined;
  const seconds = Number(error.response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** Reads status, code, rejected fields and Retry-After of a failed call. */
export async function describeFailure(error: unknown): Promise<Failure> {
  const body = await readApiError(error);
  const status = errorStatus(error);
  const reason = apiReasonOf(status, body);
  return {
    status,
    code: body?.code,
    fields: body?.fields ?? [],
    retryAfter: retryAfterOf(error),
    ...(reason ? { reason } : {}),
  };
}

/**
 * The text (a key and its values) for a failure no form handles itself: too many requests, a
 * backend that cannot be reached, the api's reason for a refusal (in the portal's words for a code
 * it knows, `apiErrors.<CODE>`, else the api's), or anything else. A 500 has its incident alert already.
 */
export function genericFailure(failure: Failure): { key: string; values?: Record<string, unknown> } {
  if (failure.status === 429) {
    return failure.retryAfter
      ? { key: 'profile.rateLimited', values: { seconds: failure.retryAfter } }
      : { key: 'profile.rateLimitedLater' };
  }
  if (failure.status === undefined || failure.status >= 502) return { key: 'errors.serviceUnavailable' };
  if (failure.reason) {
    return { key: `apiErrors.${failure.reason.code}`, values: { defaultValue: failure.reason.message } };
  }
  return { key: 'errors.somethingWentWrong' };
}
