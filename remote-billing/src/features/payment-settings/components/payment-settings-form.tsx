import { useEffect, useId, useRef, useState } from 'react';
import { apiReasonMessage } from '@portal/shared/api-reason';
import { useTranslation } from '@portal/shared/react-i18next';
import { Alert, Button, RadioGroup, TextField, useValibotForm } from '@portal/ui';
import { PAYMENT_METHODS, PAYMENT_TERMS } from '@portal/contract/validation';

import type { PolicyPayment } from '../api/get-policy-payment';
import {
  keepAccountFormSchema,
  paymentSettingsFormSchema,
  useSavePaymentSettings,
} from '../api/save-payment-settings';
import type { PaymentSettings, PaymentSettingsInput } from '../api/save-payment-settings';
import { LockedSettings } from './locked-settings';

export type PaymentSettingsFormProps = {
  policy: PolicyPayment;
  /** Called with what was saved, so that the page's summary shows the saved state. */
  onSaved?: (settings: SavedSettings) => void;
};

/** The settings as saved: term, method and the masked direct debit account, if any. */
export type SavedSettings = { paymentTerm: string; paymentMethod: string; maskedIban: string | null };

/**
 * Term, method and (for direct debit) the bank account of one policy. With an account on file it
 * is offered as it is (masked), so that changing only the term needs no retyping.
 */
export function PaymentSettingsForm({ policy, onSaved }: PaymentSettingsFormProps) {
  const { t } = useTranslation('billing');
  const accountOnFile = policy.paymentMethod === 'DIRECT_DEBIT' ? (policy.maskedIban ?? null) : null;
  const [keepAccount, setKeepAccount] = useState(accountOnFile !== null);
  const initial: PaymentSettingsInput = {
    paymentTerm: policy.paymentTerm,
    paymentMethod: policy.paymentMethod,
    iban: '',
    bic: '',
    accountHolder: '',
  };
  const form = useValibotForm(
    accountOnFile && keepAccount ? keepAccountFormSchema : paymentSettingsFormSchema,
    initial,
  );
  const { status, reason, account, save } = useSavePaymentSettings(policy);
  const saved = useRef<PaymentSettings | null>(null);
  const keepId = useId();
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The form disappears on success; focus moves to what replaced it.
    if (status === 'saved') confirmation.current?.focus();
  }, [status]);

  useEffect(() => {
    if (status !== 'saved' || !saved.current) return;
    const { paymentTerm, paymentMethod } = saved.current;
    onSaved?.({ paymentTerm, paymentMethod, maskedIban: account?.maskedIban ?? null });
  }, [status, account, onSaved]);

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
      {status === 'failed' && reason ? (
        <Alert type="error" title={t('settings.failedTitle')} messages={[apiReasonMessage(t, reason)]} />
      ) : status === 'underReview' || status === 'failed' ? (
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
        {directDebit && accountOnFile ? (
          <RadioGroup
            id={`${keepId}-account`}
            name="bankAccountChoice"
            legend={t('settings.bankAccount')}
            options={[
              { value: 'keep', label: t('settings.keepAccount', { account: accountOnFile }) },
              { value: 'other', label: t('settings.otherAccount') },
            ]}
            value={keepAccount ? 'keep' : 'other'}
            onChange={(event) => setKeepAccount(event.target.value === 'keep')}
          />
        ) : null}
        {directDebit && !(accountOnFile && keepAccount) ? (
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
