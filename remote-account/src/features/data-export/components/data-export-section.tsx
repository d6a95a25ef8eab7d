import { useId, useState } from 'react';
import * as v from 'valibot';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { Button, PasswordField, useValibotForm } from '@portal/ui';
import { loginPasswordSchema } from '@portal/contract/validation';

import { describeFailure, genericFailure } from '../../../lib/describe-failure';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';
import { exportMyData, exportMyDataWithPasskey, saveFile } from '../api/export-my-data';

const passwordForm = v.object({ password: loginPasswordSchema });

/**
 * Profile > "Download my data" (GDPR art. 15 and 20): with the current password, or one of her passkeys
 * instead, one zip of everything the portal holds about the student, with a summary in her language.
 */
export function DataExportSection() {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const { locale } = useLocale();
  const titleId = useId();
  const form = useValibotForm(passwordForm, { password: '' });
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const withPasskey = async () => {
    setOutcome(IDLE);
    setPasskeyBusy(true);
    try {
      const { file, name } = await exportMyDataWithPasskey(locale);
      saveFile(file, name);
      setOutcome({ kind: 'success', key: 'profile.dataExport.done' });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      // The browser's refusal: cancelled, timed out, or no passkey of this portal on this device.
      if (name === 'NotAllowedError' || name === 'AbortError')
        setOutcome({ kind: 'failure', key: 'profile.dataExport.noPasskey' });
      else {
        const failure = await describeFailure(error);
        if (failure.code === 'NO_PASSKEY')
          setOutcome({ kind: 'failure', key: 'profile.dataExport.noPasskeys' });
        else if (failure.status === 401)
          setOutcome({ kind: 'failure', key: 'profile.dataExport.passkeyRefused' });
        else setOutcome({ kind: 'failure', ...genericFailure(failure) });
      }
    } finally {
      setPasskeyBusy(false);
    }
  };

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
      <p>{t('profile.dataExport.passkeyIntro')}</p>
      <Button variant="secondary" busy={passkeyBusy} onClick={() => void withPasskey()}>
        {t('profile.dataExport.usePasskey')}
      </Button>
      <FormResult outcome={outcome} />
    </section>
  );
}
