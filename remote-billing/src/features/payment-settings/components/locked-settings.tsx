import { useTranslation } from '@portal/shared/react-i18next';
import { Alert } from '@portal/ui';

import type { PaymentLock } from '../lib/payment-lock';

/** `unknown`: the backend refused with 403 PAYMENT_LOCKED although the policy showed no reason. */
export type LockedSettingsProps = { lock: PaymentLock | 'unknown'; institution?: string };

/** Says why the settings cannot be changed here and what the student can do instead; nothing is editable. */
export function LockedSettings({ lock, institution }: LockedSettingsProps) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      type="info"
      title={t('settings.locked.title')}
      messages={[
        { code: `settings.locked.${lock}.reason`, context: { ns: 'billing' } },
        {
          code: `settings.locked.${lock}.instead`,
          context: { ns: 'billing', institution: institution || t('settings.locked.yourInstitution') },
        },
      ]}
      closable={false}
    />
  );
}
