import { http, useApiResource } from '@portal/shared';
import { mapPolicy } from '@portal/shared/domain';
import type { Policy } from '@portal/shared/domain';
import type { RawPolicy } from '@portal/shared/wire';

/** `GET /api/en/profiles/{profileId}/policies`, mapped to view models. */
export async function getPolicies(profileId: string, signal?: AbortSignal): Promise<Policy[]> {
  const raw = await http
    .get(`api/en/profiles/${encodeURIComponent(profileId)}/policies`, { signal })
    .json<RawPolicy[]>();
  return raw.map(mapPolicy);
}

/** Loads the student's policies; `retry` loads them again after a failure. */
export function usePolicies(profileId: string) {
  return useApiResource((signal) => getPolicies(profileId, signal), [profileId]);
}
