import { useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { Alert, ResourceView } from '@portal/ui';
import type { PageProps } from '@portal/shared';

import { usePolicyPayment } from '../api/get-policy-payment';
import type { PolicyPayment, PolicyPaymentResult } from '../api/get-policy-payment';
import { paymentLock } from '../lib/payment-lock';
import { LockedSettings } from './locked-settings';
import { PaymentSettingsForm } from './payment-settings-form';
import type { SavedSettings } from './payment-settings-form';

export type PaymentSettingsPageProps = PageProps;

/** `/invoices/payment-settings/{policyId}`: how and how often one policy is paid. */
export function PaymentSettingsPage({ policyId = '' }: PaymentSettingsPageProps) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  return (
    <section className="payment-settings-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('settings.title')}</h1>
      <ProfileGate loginText={t('settings.loginFirst')}>
        {(profileId) => <PaymentSettings profileId={profileId} policyId={policyId} />}
      </ProfileGate>
      <p>
        <Link to={paths.insurances()}>{t('settings.back')}</Link>
      </p>
    </section>
  );
}

type PaymentSettingsProps = { profileId: string; policyId: string };

function PaymentSettings({ profileId, policyId }: PaymentSettingsProps) {
  const { t } = useTranslation('billing');
  return (
    <ResourceView
      resource={usePolicyPayment(profileId, policyId)}
      errorText={t('settings.error')}
      loadingLabel={t('settings.loading')}
    >
      {(policy) => <PolicySettings policy={policy} />}
    </ResourceView>
  );
}

function PolicySettings({ policy }: { policy: PolicyPaymentResult }) {
  const { t } = useTranslation('billing');
  if (!policy) {
    return (
      <Alert
        type="error"
        title={t('settings.notFound.title')}
        messages={[{ code: 'settings.notFound.message', context: { ns: 'billing' } }]}
        closable={false}
        takeFocus={false}
      />
    );
  }
  return <CurrentSettings policy={policy} />;
}

/** The policy's settings as saved (brought up to date by a save), and the form or the lock. */
function CurrentSettings({ policy }: { policy: PolicyPayment }) {
  const { t } = useTranslation('billing');
  const [current, setCurrent] = useState<SavedSettings>({
    paymentTerm: policy.paymentTerm,
    paymentMethod: policy.paymentMethod,
    maskedIban: policy.maskedIban ?? null,
  });
  const lock = paymentLock(policy);
  const number = policy.policyNumber || policy.applicationNumber || policy.policyId;
  return (
    <>
      <p className="payment-settings__policy">
        {t('settings.policy', {
          number,
          type: t(`insuranceTypes.${policy.insuranceType}`, policy.insuranceType),
        })}
      </p>
      <dl className="payment-settings__current">
        <div>
          <dt>{t('settings.term')}</dt>
          <dd>{t(`terms.${current.paymentTerm}`)}</dd>
        </div>
        <div>
          <dt>{t('settings.method')}</dt>
          <dd>{t(`methods.${current.paymentMethod}`)}</dd>
        </div>
        {current.paymentMethod === 'DIRECT_DEBIT' && current.maskedIban ? (
          <div>
            <dt>{t('settings.currentAccount')}</dt>
            <dd>{current.maskedIban}</dd>
          </div>
        ) : null}
      </dl>
      {lock ? (
        <LockedSettings lock={lock} institution={policy.educationalInstitution?.name} />
      ) : (
        <PaymentSettingsForm policy={policy} onSaved={setCurrent} />
      )}
    </>
  );
}
