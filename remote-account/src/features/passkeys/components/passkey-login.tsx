import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { errorStatus, readApiError, useAuthStore } from '@portal/shared';
import { Alert, Button } from '@portal/ui';

import { cancelPasskeyRequest, loginWithPasskey, supportsPasskeyAutofill } from '../api/passkey-login';

/** The 403 of a missing anti-forgery token, which says nothing about the account (docs/contract.md). */
const XSRF_INVALID_CODE = 'XSRF_INVALID';

/** The text keys of the login page (namespace `account`) a passkey login can end with. */
type PasskeyFailure =
  | 'login.passkey.notRecognised'
  | 'login.passkey.notUsed'
  | 'login.passkey.blocked'
  | 'login.passkey.unavailable';

/** What went wrong, or null when nothing needs saying (a ceremony replaced by a newer one). */
export async function passkeyFailureOf(error: unknown): Promise<PasskeyFailure | null> {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError') return null;
  // The browser's own refusal: the student cancelled, or this device holds no passkey for the portal.
  if (name === 'NotAllowedError' || name === 'InvalidStateError') return 'login.passkey.notUsed';
  const status = errorStatus(error);
  if (status === 401) return 'login.passkey.notRecognised';
  if (status === 403 && (await readApiError(error))?.code !== XSRF_INVALID_CODE)
    return 'login.passkey.blocked';
  return 'login.passkey.unavailable';
}

export type PasskeyLoginProps = {
  /** Called once the session is open (the page then goes where the password login goes). */
  onLoggedIn: () => void;
};

/**
 * "Log in with a passkey", beside the password form. Where the browser supports it, the passkeys are
 * also offered in the e-mail field's suggestions (its autocomplete says `webauthn`); choosing one
 * logs in the same way. A refused passkey says so and leaves the password form as it is.
 */
export function PasskeyLogin({ onLoggedIn }: PasskeyLoginProps) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const loggedIn = useRef(onLoggedIn);
  loggedIn.current = onLoggedIn;
  // The autofill request waiting in the e-mail field: a browser takes one request at a time, so the
  // button ends it, and waits until it has ended, before asking for a passkey itself.
  const autofill = useRef<{ request: Promise<unknown>; stop: AbortController } | null>(null);

  const fail = async (error: unknown) => {
    const key = await passkeyFailureOf(error);
    if (key === 'login.passkey.blocked') useAuthStore.setState({ blocked: true });
    if (key) setFailure(key);
  };

  useEffect(() => {
    let active = true;
    // The suggestions start when the e-mail field is focused, not as the page opens: a browser takes
    // one passkey request at a time, and a student who goes for the button never needs them.
    const startAutofill = async () => {
      if (autofill.current || !active || !(await supportsPasskeyAutofill()) || !active) return;
      const stop = new AbortController();
      const request = loginWithPasskey({ autofill: true, signal: stop.signal });
      autofill.current = { request, stop };
      try {
        await request;
        if (active) loggedIn.current();
      } catch (error) {
        // Picking nothing from the suggestions is no failure; a refused passkey is.
        if (active && (await passkeyFailureOf(error)) !== 'login.passkey.notUsed') await fail(error);
      } finally {
        if (autofill.current?.request === request) autofill.current = null;
      }
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLInputElement && event.target.autocomplete.includes('webauthn'))
        void startAutofill();
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      active = false;
      document.removeEventListener('focusin', onFocus);
      autofill.current?.stop.abort();
      void cancelPasskeyRequest();
    };
  }, []);

  const onClick = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const pending = autofill.current;
      if (pending) {
        pending.stop.abort();
        await cancelPasskeyRequest();
        await pending.request.catch(() => undefined);
        // The browser ends the aborted request after its promise has settled; a new one asked before
        // that is refused as "already pending".
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await loginWithPasskey();
      loggedIn.current();
    } catch (error) {
      await fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="passkey-login">
      {failure ? (
        <Alert type="error" title={t('login.failedTitle')} messages={[{ code: t(failure) }]} />
      ) : null}
      <p className="passkey-login__or">{t('login.passkey.or')}</p>
      <Button type="button" variant="secondary" onClick={onClick} busy={busy}>
        {busy ? t('login.passkey.waiting') : t('login.passkey.button')}
      </Button>
    </div>
  );
}
