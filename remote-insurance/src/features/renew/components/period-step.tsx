import { useEffect, useMemo } from 'react';
import { Link } from '@portal/shared/router';
import { paths, useLocale } from '@portal/shared';
import { formatDate, formatMoney } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import {
  Button,
  DateField,
  RadioGroup,
  SelectField,
  TextAreaField,
  TextField,
  useValibotForm,
} from '@portal/ui';
import { MAX_LENGTHS, PAYMENT_METHODS, PAYMENT_TERMS } from '@portal/contract/validation';

import { usePeriodPremium } from '../api/calculate-period-premium';
import type { Overlap } from '../api/add-period';
import { periodFormSchema, premiumQuestion } from '../lib/renewal-draft';
import type { PeriodValues } from '../lib/renewal-draft';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type PeriodStepProps = {
  policy: Policy;
  values: PeriodValues;
  /** The overlap the last submit ran into. */
  overlap: Overlap | undefined;
  /** Fields the api refused on the last attempt. */
  rejected: readonly { field: string; code: string }[];
  onChange: (values: PeriodValues) => void;
  onNext: () => void;
};

/** Step 1: the new end date, the premium for it, and how the additional period is paid. */
export function PeriodStep({ rejected, policy, values, overlap, onChange, onNext }: PeriodStepProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const schema = useMemo(
    () => periodFormSchema({ startDate: policy.startDate, endDate: policy.endDate }),
    [policy.startDate, policy.endDate],
  );
  const form = useValibotForm(schema, values);

  const { setServerErrors } = form;

  useEffect(() => onChange(form.values), [form.values, onChange]);
  // Keyed by content: a new array of the same refusals must not show them again after a change.
  const rejectedKey = JSON.stringify(rejected);
  useEffect(() => {
    const fields = JSON.parse(rejectedKey) as { field: string; code: string }[];
    if (fields.length > 0) setServerErrors(fields);
  }, [rejectedKey, setServerErrors]);

  const question = premiumQuestion(policy, form.values);
  const premium = usePeriodPremium(policy.id, question.endDate, question.paymentTerm);
  const endDate = form.field('endDate');
  const overlapText = overlap
    ? t('validation.renewal.overlap', {
        policyNumber: overlap.policyNumber,
        startDate: formatDate(overlap.startDate, locale),
        endDate: formatDate(overlap.endDate, locale),
      })
    : undefined;

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onNext)}>
      <p>{t('renew.period.intro', { end: formatDate(policy.endDate, locale) })}</p>
      <DateField
        {...endDate}
        error={endDate.error ?? overlapText}
        label={t('renew.period.endDate')}
        required
      />
      {/* Polite: the premium follows the typing, it must not interrupt it. */}
      <p className="flow-premium" aria-live="polite">
        {premium.status === 'loading' ? t('renew.period.premiumLoading') : null}
        {premium.status === 'failed' ? t('renew.period.premiumFailed') : null}
        {premium.status === 'done'
          ? t('renew.period.premium', { amount: formatMoney(premium.amount, locale), days: premium.days })
          : null}
      </p>
      <TextAreaField
        {...form.field('reasonShortTerm')}
        label={t('renew.period.reasonShortTerm')}
        hint={t('renew.period.reasonShortTermHint')}
        maxLength={MAX_LENGTHS.reasonShortTerm}
        rows={3}
      />
      <SelectField
        {...form.field('paymentTerm')}
        label={t('renew.period.paymentTerm')}
        hint={t('renew.period.paymentTermHint')}
        options={PAYMENT_TERMS.map((value) => ({ value, label: t(`renew.paymentTerms.${value}`) }))}
        required
      />
      <RadioGroup
        {...form.field('paymentMethod')}
        legend={t('renew.period.paymentMethod')}
        options={PAYMENT_METHODS.map((value) => ({ value, label: t(`renew.paymentMethods.${value}`) }))}
      />
      {form.values.paymentMethod === 'DIRECT_DEBIT' ? (
        <fieldset className="form__group">
          <legend>{t('renew.period.bankDetails')}</legend>
          <TextField {...form.field('iban')} label={t('renew.period.iban')} autoComplete="off" required />
          <TextField {...form.field('bic')} label={t('renew.period.bic')} autoComplete="off" required />
          <TextField
            {...form.field('accountHolder')}
            label={t('renew.period.accountHolder')}
            autoComplete="name"
            required
          />
        </fieldset>
      ) : null}
      <div className="flow-actions">
        <Link to={paths.insurances()}>{t('flow.cancel')}</Link>
        <Button type="submit">{t('flow.next')}</Button>
      </div>
    </form>
  );
}
