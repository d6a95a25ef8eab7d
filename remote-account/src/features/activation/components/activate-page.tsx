import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import type { PageProps } from '@portal/shared';

import { useCheckAccountToken } from '../api/check-account-token';
import type { ActivateMode } from '../lib/activate-mode';
import { AlreadyActivated } from './already-activated';
import { NewPasswordForm } from './new-password-form';

export type ActivatePageProps = PageProps & {
  mode?: ActivateMode;
  /** The token of the mailed link. */
  id?: string;
  /** The e-mail address the link belongs to. */
  username?: string;
};

/** Account activation and set password (after a reset): the same page, told apart by `mode`. */
export function ActivatePage({ mode = 'activate', id: token = '', username = '' }: ActivatePageProps) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const check = useCheckAccountToken(username, token);

  return (
    <section className="account-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t(`activate.${mode}.title`)}</h1>
      {/* status and alert are live regions themselves: no aria-live wrapper, or they are announced twice. */}
      {check === 'checking' ? <p role="status">{t('activate.checking')}</p> : null}
      {check === 'invalid' ? (
        <div role="alert">
          <p>{t('errors.linkInvalid')}</p>
          <p>
            <Link to={paths.resetPassword()}>{t('activate.requestNewLink')}</Link>
          </p>
        </div>
      ) : null}
      {check === 'activated' ? <AlreadyActivated /> : null}
      {check === 'failed' ? <p role="alert">{t('errors.serviceUnavailable')}</p> : null}
      {check === 'valid' ? <NewPasswordForm mode={mode} token={token} username={username} /> : null}
    </section>
  );
}
