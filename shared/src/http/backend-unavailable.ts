/** Code of the host proxy's answer when the backend cannot be reached (502, 503, 504). */
export const BACKEND_UNAVAILABLE_CODE = 'BACKEND_UNAVAILABLE';

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a response says the backend cannot be reached through the host: a 502, 503 or 504 from
 * the host's proxy (its `BACKEND_UNAVAILABLE` body), or from any proxy in between that sends no
 * contract body at all. A 503 with another code (a payment provider that is down) is the backend
 * answering, and is left to the page that made the call.
 */
export async function isBackendUnavailable(response: Response): Promise<boolean> {
  if (!GATEWAY_STATUSES.has(response.status)) return false;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== 'object' || body === null || !('code' in body)) return true;
    return body.code === BACKEND_UNAVAILABLE_CODE;
  } catch {
    return true;
  }
}
