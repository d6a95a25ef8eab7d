import type { AfterResponseHook } from 'ky';

import { useGlobalAlertStore } from '../alert/global-alert-store';

async function readIncidentId(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (
      typeof body === 'object' &&
      body !== null &&
      'incidentId' in body &&
      typeof body.incidentId === 'string'
    ) {
      return body.incidentId;
    }
  } catch {
    // A 500 from a proxy may carry no JSON; the alert then shows the generic text.
  }
  return undefined;
}

/** ky hook: every 500 shows the global alert with the backend's incident number (docs/requirements.md §8). */
export const incidentHook: AfterResponseHook = async (_request, _options, response) => {
  if (response.status !== 500) return;
  useGlobalAlertStore.getState().showIncident(await readIncidentId(response));
};

/** Minutes to wait from a `Retry-After` header (seconds, or an HTTP date), at least 1. */
export function retryAfterMinutes(header: string | null, now = Date.now()): number {
  const seconds =
    header === null ? NaN : /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}

/** ky hook: a 429 shows the global alert "Too many attempts. Please try again in N minutes." */
export const rateLimitHook: AfterResponseHook = (_request, _options, response) => {
  if (response.status !== 429) return;
  useGlobalAlertStore.getState().showRateLimited(retryAfterMinutes(response.headers.get('Retry-After')));
};
