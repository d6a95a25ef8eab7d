import { useId, useState } from 'react';
import * as v from 'valibot';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { Button, PasswordField, useValibotForm } from '@portal/shared/ui';
import { loginPasswordSchema } from '@portal/shared/validation';

import { describeFailure, genericFailure } from '../../profile/api/describe-failure';
import { FormResult, IDLE } from '../../profile/components/form-result';
import type { FormOutcome } from '../../profile/components/form-result';
import { PROFILE_NAMESPACE } from '../../profile/profile-texts';
import { exportMyData, saveFile } from '../api/export-my-data';

const passwordForm = v.object({ password: loginPasswordSchema });

/**
 * Profile > "Download my data" (GDPR art. 15 and 20): with the current password, one zip of everything
 * the portal holds about the student, with a summary in her language.
 */
export function DataExportSection() {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const { locale } = useLocale();
  const titleId = useId();
  const form = useValibotForm(passwordForm, { password: '' });
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome(IDLE);
    try {
      const { file, name } = await exportMyData(password, locale);
      form.reset();
      saveFile(file, name);
      setOutcome({ kind: 'success', key: 'profile.dataExport.done' });
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.status === 401)
        form.setServerErrors([{ field: 'password', code: 'errors.invalidPassword' }]);
      else setOutcome({ kind: 'failure', ...genericFailure(failure) });
    }
  });

  return (
    <section className="profile-section" id="data-export" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.dataExport.title')}</h2>
      <p>{t('profile.dataExport.intro')}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <PasswordField {...form.field('password')} label={t('profile.currentPassword')} required />
        <Button type="submit" busy={form.isSubmitting}>
          {t('profile.dataExport.download')}
        </Button>
      </form>
      <FormResult outcome={outcome} />
    </section>
  );
}
