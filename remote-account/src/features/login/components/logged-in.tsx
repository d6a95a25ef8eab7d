import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, useAuthStore } from '@portal/shared';
import { Button } from '@portal/ui';

/** Shown on the login page while a session is active. */
export function LoggedIn() {
  const { t } = useTranslation('account');
  const username = useAuthStore((state) => state.username);
  const logout = useAuthStore((state) => state.logout);
  const [pending, setPending] = useState(false);

  const onLogout = async () => {
    setPending(true);
    // logout() never rejects and always clears the session; the page then shows the form again.
    await logout();
    setPending(false);
  };

  return (
    <div className="logged-in">
      {/* Without a name (not known yet, or the build's frame, which holds nobody's details). */}
      <p>{username ? t('login.loggedInAs', { name: username }) : t('login.loggedIn')}</p>
      <p>
        <Link to={paths.insurances()}>{t('login.toInsurances')}</Link>
      </p>
      <Button variant="secondary" onClick={onLogout} busy={pending}>
        {pending ? t('login.loggingOut') : t('login.logout')}
      </Button>
    </div>
  );
}
