import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';

/** A used activation link: the account is active, so she logs in instead of being told the link failed. */
export function AlreadyActivated() {
  const { t } = useTranslation('account');
  return (
    <div role="status">
      <p>{t('activate.alreadyActivated')}</p>
      <p>
        <Link to={paths.login()}>{t('activate.logIn')}</Link>
      </p>
    </div>
  );
}
