import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Alert, Button, RadioGroup, TextField, useValibotForm } from '@portal/shared/ui';
import { PAYMENT_METHODS, PAYMENT_TERMS } from '@portal/shared/validation';

import type { PolicyPayment } from '../api/get-policy-payment';
import { paymentSettingsFormSchema, useSavePaymentSettings } from '../api/save-payment-settings';
import type { PaymentSettings, PaymentSettingsInput } from '../api/save-payment-settings';
import { LockedSettings } from './locked-settings';

export type PaymentSettingsFormProps = { policy: PolicyPayment };

/** Term, method and (for direct debit) the bank account of one policy. */
export function PaymentSettingsForm({ policy }: PaymentSettingsFormProps) {
  const { t } = useTranslation('billing');
  const initial: PaymentSettingsInput = {
    paymentTerm: policy.paymentTerm,
    paymentMethod: policy.paymentMethod,
    iban: '',
    bic: '',
    accountHolder: '',
  };
  const form = useValibotForm(paymentSettingsFormSchema, initial);
  const { status, save } = useSavePaymentSettings(policy);
  const saved = useRef<PaymentSettings | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The form disappears on success; focus moves to what replaced it.
    if (status === 'saved') confirmation.current?.focus();
  }, [status]);

  const onSubmit = form.handleSubmit(async (output) => {
    saved.current = output;
    const rejected = await save(output);
    if (rejected.length > 0) form.setServerErrors(rejected);
  });

  if (status === 'saved' && saved.current) {
    return (
      <div ref={confirmation} role="status" className="confirmation" tabIndex={-1}>
        <p>{t('settings.saved')}</p>
        <p>
          {t('settings.savedAs', {
            term: t(`terms.${saved.current.paymentTerm}`),
            method: t(`methods.${saved.current.paymentMethod}`),
          })}
        </p>
        <p>{t('settings.takesEffect')}</p>
      </div>
    );
  }
  // The backend knows of a lock the policy did not show: nothing is editable any more.
  if (status === 'locked') return <LockedSettings lock="unknown" />;

  const terms = PAYMENT_TERMS.map((value) => ({ value, label: t(`terms.${value}`) }));
  const methods = PAYMENT_METHODS.map((value) => ({ value, label: t(`methods.${value}`) }));
  const directDebit = form.values.paymentMethod === 'DIRECT_DEBIT';
  return (
    <>
      {status === 'underReview' || status === 'failed' ? (
        <Alert
          type="error"
          title={t('settings.failedTitle')}
          messages={[{ code: `settings.${status}`, context: { ns: 'billing' } }]}
        />
      ) : status === 'noChanges' ? (
        <Alert type="error" title={t('settings.failedTitle')} messages={[{ code: 'errors.noChanges' }]} />
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <RadioGroup {...form.field('paymentTerm')} legend={t('settings.term')} options={terms} />
        <RadioGroup
          {...form.field('paymentMethod')}
          legend={t('settings.method')}
          hint={t('settings.methodHint')}
          options={methods}
        />
        {directDebit ? (
          <fieldset className="form__group">
            <legend>{t('settings.bankAccount')}</legend>
            <TextField
              {...form.field('iban')}
              label={t('settings.iban')}
              hint={t('settings.ibanHint')}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <TextField
              {...form.field('bic')}
              label={t('settings.bic')}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <TextField
              {...form.field('accountHolder')}
              label={t('settings.accountHolder')}
              autoComplete="name"
              required
            />
          </fieldset>
        ) : null}
        <Button type="submit" busy={form.isSubmitting}>
          {t('settings.submit')}
        </Button>
      </form>
    </>
  );
}
