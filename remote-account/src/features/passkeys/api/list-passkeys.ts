import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { Passkey } from '@portal/shared/wire';

/** A passkey as docs/contract.md describes it (`Passkey` of the OpenAPI document). */
export const passkeySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  lastUsedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  backedUp: v.boolean(),
});

/** Checks one passkey body against the contract. */
export function parsePasskey(body: unknown): Passkey {
  const passkey: Passkey = v.parse(passkeySchema, body);
  return passkey;
}

/** `GET /api/passkeys`: the student's passkeys, oldest first. */
export async function listPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const body: unknown = await http.get('api/passkeys', { signal }).json();
  return v.parse(v.array(passkeySchema), body);
}

/** Loads the student's passkeys; `retry` loads them again (after adding, renaming or removing one). */
export function usePasskeys() {
  return useApiResource((signal) => listPasskeys(signal), []);
}
