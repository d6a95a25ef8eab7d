import type { ApiErrorBody } from '@portal/contract/wire';

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
 * The answer of a failed call: ky's `HTTPError`, known by its name and its response rather than by
 * its class, so that an error of the host's `http` is read the same by a remote that bundles this file
 * (`@portal/shared/api-reason`), whichever release of ky made it; and without ky in that bundle.
 */
function failedResponse(error: unknown): Response | undefined {
  if (!(error instanceof Error) || error.name !== 'HTTPError' || !('response' in error)) return undefined;
  return error.response instanceof Response ? error.response : undefined;
}

/**
 * The `{code, message, incidentId?, fields?}` body of a failed call, or `undefined` when the
 * error is not an HTTP error (network failure, timeout) or its body is not that shape.
 */
export async function readApiError(error: unknown): Promise<ApiErrorBody | undefined> {
  const response = failedResponse(error);
  if (!response) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return isApiErrorBody(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The HTTP status of a failed call, or `undefined` when no response came back. */
export function errorStatus(error: unknown): number | undefined {
  return failedResponse(error)?.status;
}
