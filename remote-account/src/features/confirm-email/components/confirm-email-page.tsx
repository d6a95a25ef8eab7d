import { useEffect, useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, useAuthStore } from '@portal/shared';
import type { PageProps } from '@portal/shared';

import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';
import { useConfirmEmail } from '../api/confirm-email';

export type ConfirmEmailPageProps = PageProps & {
  /** The token of the mailed link. */
  id?: string;
  /** The new e-mail address the link confirms. */
  username?: string;
};

/**
 * The e-mail confirmation link (`/confirm-email/{token}/{newEmail}`): completes the change and
 * ends the session, so that the student logs in again with the new address.
 */
export function ConfirmEmailPage({ id: token = '', username: newEmail = '' }: ConfirmEmailPageProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const headingId = useId();
  const outcome = useConfirmEmail(token, newEmail);

  useEffect(() => {
    // The session was opened with the old address; the student logs in with the new one.
    if (outcome === 'done' && useAuthStore.getState().authenticated) void useAuthStore.getState().logout();
  }, [outcome]);

  return (
    <section className="account-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('confirmEmail.title')}</h1>
      {/* status and alert are live regions themselves: no aria-live wrapper, or they are announced twice. */}
      {outcome === 'confirming' ? <p role="status">{t('confirmEmail.confirming')}</p> : null}
      {outcome === 'done' ? (
        <div role="status" className="confirmation">
          <p>{t('confirmEmail.done', { email: newEmail })}</p>
          <p>
            <Link to={paths.login()}>{t('confirmEmail.toLogin')}</Link>
          </p>
        </div>
      ) : null}
      {outcome === 'invalid' ? <p role="alert">{t('errors.linkInvalid')}</p> : null}
      {outcome === 'exists' ? <p role="alert">{t('errors.emailExists')}</p> : null}
      {outcome === 'failed' ? <p role="alert">{t('errors.serviceUnavailable')}</p> : null}
    </section>
  );
}

// The page's texts are a namespace of their own, loaded with its code (see `./pages`).
export { withProfileTexts } from '../../../lib/profile-texts';
