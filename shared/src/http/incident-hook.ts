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

/** ky hook: every 500 shows the global alert with the backend's incident number (SPEC.md §8). */
export const incidentHook: AfterResponseHook = async (_request, _options, response) => {
  if (response.status !== 500) return;
  useGlobalAlertStore.getState().showIncident(await readIncidentId(response));
};
