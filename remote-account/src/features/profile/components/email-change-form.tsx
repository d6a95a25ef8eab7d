import { useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Button, PasswordField, TextField, useValibotForm } from '@portal/ui';

import { changeEmail, emailChangeForm } from '../api/change-email';
import { describeFailure, genericFailure } from '../../../lib/describe-failure';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

const INITIAL = { newUsername: '', repeatUsername: '', password: '' };

export type EmailChangeFormProps = {
  /** The student's current e-mail address (the account's id). */
  username: string;
};

/**
 * New e-mail address, its repeat and the current password. The change completes only when the
 * student follows the link mailed to the new address (docs/requirements.md §4).
 */
export function EmailChangeForm({ username }: EmailChangeFormProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const form = useValibotForm(emailChangeForm, INITIAL);
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const onSubmit = form.handleSubmit(async ({ newUsername, password }) => {
    setOutcome(IDLE);
    try {
      await changeEmail(username, newUsername, password);
      form.reset();
      setOutcome({ kind: 'success', key: 'profile.email.sent', values: { email: newUsername } });
    } catch (error) {
      const failure = await describeFailure(error);
      // The answers about what was typed go to the field they are about, which gets the focus.
      if (failure.status === 401) {
        form.setServerErrors([{ field: 'password', code: 'errors.invalidPassword' }]);
      } else if (failure.status === 409) {
        form.setServerErrors([{ field: 'newUsername', code: 'errors.emailExists' }]);
      } else if (failure.status === 400 && failure.fields.length > 0) {
        form.setServerErrors(failure.fields);
      } else {
        setOutcome({ kind: 'failure', ...genericFailure(failure) });
      }
    }
  });

  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.email.title')}</h2>
      <p>{t('profile.email.intro', { email: username })}</p>
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={form.isSubmitting}
        aria-labelledby={titleId}
      >
        <TextField
          {...form.field('newUsername')}
          label={t('profile.email.newEmail')}
          type="email"
          autoComplete="email"
          required
        />
        <TextField
          {...form.field('repeatUsername')}
          label={t('profile.email.repeatEmail')}
          type="email"
          autoComplete="off"
          required
        />
        <PasswordField {...form.field('password')} label={t('profile.currentPassword')} required />
        <Button type="submit" busy={form.isSubmitting}>
          {t('profile.email.submit')}
        </Button>
      </form>
      <FormResult outcome={outcome} />
    </section>
  );
}
