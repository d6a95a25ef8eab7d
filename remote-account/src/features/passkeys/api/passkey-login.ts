import { browserSupportsWebAuthnAutofill, startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ensureXsrfCookie, http, useAuthStore } from '@portal/shared';

/**
 * Logs in with a passkey: `POST /api/passkeys/login/options` (a challenge for any passkey of this
 * site, so no e-mail address is typed), the browser asks for one, then `POST /api/passkeys/login`
 * opens the same session as the password login. The store then reads the session like at start-up.
 * `autofill` waits for the student to pick a passkey in the e-mail field's suggestions instead of
 * opening the browser's dialog (conditional mediation). An aborted `signal` ends it before the browser
 * is asked (an `AbortError`), as `WebAuthnAbortService.cancelCeremony()` ends it once asked.
 */
export async function loginWithPasskey(
  options: { autofill?: boolean; signal?: AbortSignal } = {},
): Promise<void> {
  await ensureXsrfCookie();
  const optionsJSON = await http
    .post('api/passkeys/login/options')
    .json<PublicKeyCredentialRequestOptionsJSON>();
  options.signal?.throwIfAborted();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: options.autofill ?? false });
  await http.post('api/passkeys/login', { json: { response } });
  await useAuthStore.getState().checkSession();
}

/** Whether this browser offers passkeys in the e-mail field's autofill. */
export function supportsPasskeyAutofill(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill().catch(() => false);
}
