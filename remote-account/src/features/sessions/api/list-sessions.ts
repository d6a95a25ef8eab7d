import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { OpenSession } from '@portal/shared/wire';

/** An open session as docs/contract.md describes it (`OpenSession` of the OpenAPI document). */
export const openSessionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
  browser: v.nullable(v.string()),
  system: v.nullable(v.string()),
  country: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  lastUsedAt: v.pipe(v.string(), v.isoTimestamp()),
  current: v.boolean(),
});

/** `GET /api/sessions`: the student's open sessions, the most recently used first. */
export async function listSessions(signal?: AbortSignal): Promise<OpenSession[]> {
  const body: unknown = await http.get('api/sessions', { signal }).json();
  const sessions: OpenSession[] = v.parse(v.array(openSessionSchema), body);
  return sessions;
}

/** Loads the student's open sessions; `retry` loads them again (after ending some). */
export function useOpenSessions() {
  return useApiResource((signal) => listSessions(signal), []);
}
