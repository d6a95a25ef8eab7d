import { useTranslation } from '@portal/shared/react-i18next';
import { useAuthStore } from '@portal/shared';
import type { PageProps } from '@portal/shared';

import { LoggedIn } from './logged-in';
import { LoginForm } from './login-form';

export type LoginPageProps = PageProps;

/** The login page; a logged-in visitor sees who is logged in and can log out instead. */
export function LoginPage(_props: LoginPageProps) {
  const { t } = useTranslation('account');
  const authenticated = useAuthStore((state) => state.authenticated);
  return (
    <section className="account-page" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      {authenticated ? <LoggedIn /> : <LoginForm />}
    </section>
  );
}
