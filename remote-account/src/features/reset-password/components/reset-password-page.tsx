import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { apiReasonText } from '@portal/shared/api-reason';
import { Button, TextField, useValibotForm } from '@portal/ui';
import type { PageProps } from '@portal/shared';

import { requestPasswordResetSchema, useRequestPasswordReset } from '../api/request-password-reset';

export type ResetPasswordPageProps = PageProps;

const INITIAL = { email: '' };

/** Asks for the e-mail address and mails a set-password link to it. */
export function ResetPasswordPage(_props: ResetPasswordPageProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const form = useValibotForm(requestPasswordResetSchema, INITIAL);
  const { status, reason, submit } = useRequestPasswordReset();
  const pending = status === 'pending';

  return (
    <section className="account-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('resetPassword.title')}</h1>
      {/* status and alert are live regions themselves: no aria-live wrapper, or they are announced twice. */}
      {status === 'done' ? (
        <p role="status" className="confirmation">
          {t('resetPassword.sent')}
        </p>
      ) : null}
      {status === 'failed' ? (
        <p role="alert" className="form-error">
          {/* The api's reason (too many requests: when to try again) where it gave one. */}
          {reason ? apiReasonText(t, reason) : t('errors.serviceUnavailable')}
        </p>
      ) : null}
      {status === 'done' ? (
        <p>
          <Link to={paths.login()}>{t('resetPassword.backToLogin')}</Link>
        </p>
      ) : (
        <>
          <p>{t('resetPassword.intro')}</p>
          <form className="form" noValidate onSubmit={form.handleSubmit(submit)} aria-busy={pending}>
            <TextField
              {...form.field('email')}
              label={t('resetPassword.email')}
              type="email"
              autoComplete="email"
              required
            />
            <Button type="submit" busy={pending}>
              {t('resetPassword.submit')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
