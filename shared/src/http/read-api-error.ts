import { HTTPError } from 'ky';

import type { ApiErrorBody } from '../wire';

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/**
 * The `{code, message, incidentId?, fields?}` body of a failed call, or `undefined` when the
 * error is not an HTTP error (network failure, timeout) or its body is not that shape.
 */
export async function readApiError(error: unknown): Promise<ApiErrorBody | undefined> {
  if (!(error instanceof HTTPError)) return undefined;
  try {
    const body: unknown = await error.response.clone().json();
    return isApiErrorBody(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The HTTP status of a failed call, or `undefined` when no response came back. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}

export { HTTPError };
