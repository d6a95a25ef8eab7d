import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ensureXsrfCookie, http, useAuthStore } from '@portal/shared';

/**
 * The passkey library, loaded when a passkey is first asked for: the login page opens without it
 * (an `on-demand-` chunk, so no page preloads it).
 */
const webAuthn = () => import(/* webpackChunkName: "on-demand-webauthn" */ '@simplewebauthn/browser');

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
  const { startAuthentication } = await webAuthn();
  options.signal?.throwIfAborted();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: options.autofill ?? false });
  await http.post('api/passkeys/login', { json: { response } });
  await useAuthStore.getState().checkSession();
}

/** Whether this browser offers passkeys in the e-mail field's autofill. */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  return (await webAuthn()).browserSupportsWebAuthnAutofill().catch(() => false);
}

/** Ends the passkey request the browser is waiting on, if any. */
export async function cancelPasskeyRequest(): Promise<void> {
  (await webAuthn()).WebAuthnAbortService.cancelCeremony();
}
