import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { paths, readRedirect, useAuthStore } from '@portal/shared';
import { Alert, Button, PasswordField, TextField, useValibotForm } from '@portal/ui';
import type { LoginResult } from '@portal/shared';
import { loginSchema } from '@portal/contract/validation';

import { PasskeyLogin } from '../../passkeys';

const INITIAL = { email: '', password: '' };

/** E-mail + password form; on success it goes to the `redirect` parameter or My Insurance. */
export function LoginForm() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useAuthStore((state) => state.login);
  const form = useValibotForm(loginSchema, INITIAL);
  const [failure, setFailure] = useState<Extract<LoginResult, { ok: false }> | null>(null);
  const sessionExpired = useAuthStore((state) => state.sessionEnd === 'expired');

  const goOn = () => {
    const target = readRedirect(searchParams);
    // Returning to the login page itself would only show "you are logged in".
    navigate(target && !target.startsWith(paths.login()) ? target : paths.insurances(), { replace: true });
  };

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const outcome = await login(email, password);
    if (outcome.ok) goOn();
    else setFailure(outcome);
  });

  return (
    <>
      {/* The error Alert is role="alert" itself: an aria-live wrapper would announce it twice. It says
          why once, in docs/requirements.md §8's words for the status (a heading and the api's own
          "Invalid credentials" beside it would say the same thing three times). */}
      {failure ? (
        <Alert type="error" title={failure.errorKey} messages={[{ code: failure.errorKey }]} contextual />
      ) : sessionExpired ? (
        // The session ended by time or by the server, not by the student (docs/requirements.md §4): say why they
        // are asked to log in again. Not after a logout, nor on a first visit.
        <Alert
          type="warning"
          title={t('login.sessionExpiredTitle')}
          messages={[{ code: 'login.sessionExpired', context: { ns: 'account' } }]}
          closable={false}
        />
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <TextField
          {...form.field('email')}
          label={t('login.email')}
          type="email"
          // `webauthn`: where the browser supports it, the portal's passkeys are offered here too.
          autoComplete="username webauthn"
          required
        />
        <PasswordField {...form.field('password')} label={t('login.password')} required />
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <PasskeyLogin onLoggedIn={goOn} />
      <ul className="link-list">
        <li>
          <Link to={paths.resetPassword()}>{t('login.forgotPassword')}</Link>
        </li>
        <li>
          <Link to={paths.request()}>{t('login.requestInsurance')}</Link>
        </li>
      </ul>
    </>
  );
}
