import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import { API_PATHS, openSessionWireSchema } from '@portal/contract/wire';
import type { OpenSession } from '@portal/contract/wire';

/** `GET /api/sessions`: the student's open sessions, the most recently used first. */
export async function listSessions(signal?: AbortSignal): Promise<OpenSession[]> {
  const sessions: OpenSession[] = await getJson(API_PATHS.sessions, v.array(openSessionWireSchema), {
    signal,
  });
  return sessions;
}

/** Loads the student's open sessions; `retry` loads them again (after ending some). */
export function useOpenSessions() {
  return useApiResource((signal) => listSessions(signal), []);
}
