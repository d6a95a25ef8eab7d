import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { errorStatus, paths } from '@portal/shared';
import { Button, PasswordField, useValibotForm } from '@portal/ui';
import { NEW_PASSWORD_MIN, newPasswordFormSchema } from '@portal/contract/validation';

import { activateAccount } from '../api/activate-account';
import { setPassword } from '../api/set-password';
import type { ActivateMode } from '../lib/activate-mode';
import { AlreadyActivated } from './already-activated';

export type NewPasswordFormProps = {
  mode: ActivateMode;
  token: string;
  username: string;
};

type Outcome = 'idle' | 'done' | 'invalid' | 'activated' | 'failed';

const INITIAL = { password: '', repeatPassword: '' };
// One schema per rule set, so the form's validation is not rebuilt on every render.
const SCHEMAS = {
  activate: newPasswordFormSchema({ special: false }),
  setpassword: newPasswordFormSchema({ special: true }),
} as const;

/** New password + repeat; activation does not require a special character, set password does. */
export function NewPasswordForm({ mode, token, username }: NewPasswordFormProps) {
  const { t } = useTranslation('account');
  const form = useValibotForm(SCHEMAS[mode], INITIAL);
  const [outcome, setOutcome] = useState<Outcome>('idle');

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome('idle');
    try {
      const send = mode === 'activate' ? activateAccount : setPassword;
      await send(username, token, password);
      setOutcome('done');
    } catch (error) {
      const status = errorStatus(error);
      // Activated meanwhile (in another tab, or by a newer link): she logs in.
      setOutcome(status === 409 ? 'activated' : status === 401 ? 'invalid' : 'failed');
    }
  });

  if (outcome === 'activated') return <AlreadyActivated />;
  if (outcome === 'done') {
    return (
      <div role="status" className="confirmation">
        <p>{t(`activate.${mode}.done`)}</p>
        <p>
          <Link to={paths.login()}>{t('activate.toLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <>
      {/* role="alert" is a live region itself: no aria-live wrapper, or it is announced twice. */}
      {outcome === 'invalid' ? <p role="alert">{t('errors.linkInvalid')}</p> : null}
      {outcome === 'failed' ? <p role="alert">{t('errors.serviceUnavailable')}</p> : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <PasswordField
          {...form.field('password')}
          label={t('activate.password')}
          hint={t(mode === 'setpassword' ? 'activate.rulesWithSpecial' : 'activate.rules', {
            min: NEW_PASSWORD_MIN,
          })}
          autoComplete="new-password"
          required
        />
        <PasswordField
          {...form.field('repeatPassword')}
          label={t('activate.repeatPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" busy={form.isSubmitting}>
          {t(`activate.${mode}.submit`)}
        </Button>
      </form>
    </>
  );
}
