import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson, parseJson } from '@portal/shared/get-json';
import { passkeyWireSchema } from '@portal/contract/wire';
import type { Passkey } from '@portal/contract/wire';

const PASSKEYS_PATH = 'api/passkeys';

/** Checks one passkey body against the contract. */
export function parsePasskey(body: unknown, path: string = PASSKEYS_PATH): Passkey {
  const passkey: Passkey = parseJson(path, passkeyWireSchema, body);
  return passkey;
}

/** `GET /api/passkeys`: the student's passkeys, oldest first. */
export async function listPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return getJson(PASSKEYS_PATH, v.array(passkeyWireSchema), { signal });
}

/** Loads the student's passkeys; `retry` loads them again (after adding, renaming or removing one). */
export function usePasskeys() {
  return useApiResource((signal) => listPasskeys(signal), []);
}
