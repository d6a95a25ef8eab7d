import { useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Button, describedBy, PasswordField, useValibotForm } from '@portal/ui';

import { changePassword, passwordChangeForm } from '../api/change-password';
import { describeFailure, genericFailure } from '../../../lib/describe-failure';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { PasswordChecklist } from './password-checklist';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

const INITIAL = { password: '', newPassword: '', repeatPassword: '' };

export type PasswordChangeFormProps = {
  /** The student's e-mail address (the account's id). */
  username: string;
};

/** Current password, new password (with its rules ticked off while typing) and repeat. */
export function PasswordChangeForm({ username }: PasswordChangeFormProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const checklistId = useId();
  const form = useValibotForm(passwordChangeForm, INITIAL);
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const onSubmit = form.handleSubmit(async ({ password, newPassword }) => {
    setOutcome(IDLE);
    try {
      await changePassword(username, password, newPassword);
      form.reset();
      // The backend ended the other sessions only; this one goes on.
      setOutcome({ kind: 'success', key: 'profile.password.changed' });
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.status === 401) {
        form.setServerErrors([{ field: 'password', code: 'errors.invalidPassword' }]);
      } else if (failure.status === 400 && failure.fields.length > 0) {
        // The backend names the new password `password`; here that is the current one.
        form.setServerErrors(
          failure.fields.map((field) =>
            field.field === 'password' ? { ...field, field: 'newPassword' } : field,
          ),
        );
      } else {
        setOutcome({ kind: 'failure', ...genericFailure(failure) });
      }
    }
  });

  const newPassword = form.field('newPassword');
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.password.title')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={form.isSubmitting}
        aria-labelledby={titleId}
      >
        <PasswordField {...form.field('password')} label={t('profile.currentPassword')} required />
        <PasswordField
          {...newPassword}
          aria-describedby={describedBy(checklistId, newPassword['aria-describedby'])}
          label={t('profile.password.newPassword')}
          autoComplete="new-password"
          required
        />
        <PasswordChecklist id={checklistId} password={form.values.newPassword} />
        <PasswordField
          {...form.field('repeatPassword')}
          label={t('profile.password.repeatPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" busy={form.isSubmitting}>
          {t('profile.password.submit')}
        </Button>
      </form>
      <FormResult outcome={outcome} />
    </section>
  );
}
