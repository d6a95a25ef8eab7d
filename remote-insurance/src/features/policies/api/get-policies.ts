import { useCallback, useEffect, useState } from 'react';
import { http } from '@portal/shared';
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

export type PoliciesState =
  { status: 'loading' } | { status: 'error' } | { status: 'success'; policies: Policy[] };

/** Loads the student's policies; `retry` loads them again after a failure. */
export function usePolicies(profileId: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: PoliciesState }>({
    key: '',
    value: { status: 'loading' },
  });
  const key = `${profileId}\n${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    getPolicies(profileId, controller.signal).then(
      (policies) => setState({ key, value: { status: 'success', policies } }),
      () => {
        // A 401 is handled by the http client (back to login); an abort is the page going away.
        if (!controller.signal.aborted) setState({ key, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [key, profileId]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: state.key === key ? state.value : ({ status: 'loading' } as const), retry };
}
