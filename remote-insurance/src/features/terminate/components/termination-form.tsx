import { useEffect, useMemo, useRef } from 'react';
import { Link } from '@portal/shared/router';
import { paths, useLocale } from '@portal/shared';
import { formatDate } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import { Button, DateField, RadioGroup, TextAreaField, TextField, useValibotForm } from '@portal/ui';
import { MAX_LENGTHS, YES_NO } from '@portal/contract/validation';

import {
  knownHolderDetails,
  REFUND_FIELDS,
  REQUIRED_REFUND_FIELDS,
  refundFormField,
  terminationFormSchema,
} from '../lib/termination-draft';
import type { RefundField, TerminationValues } from '../lib/termination-draft';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type TerminationFormProps = {
  policy: Policy;
  values: TerminationValues;
  /** Fields the api refused on the last attempt. */
  rejected: readonly { field: string; code: string }[];
  onChange: (values: TerminationValues) => void;
  onNext: () => void;
};

const BANK_FIELDS = REFUND_FIELDS.filter((field) => !field.startsWith('holder'));
const HOLDER_FIELDS = REFUND_FIELDS.filter((field) => field.startsWith('holder'));

/** Step 1: the new end date, the reason, and where a refund goes. */
export function TerminationForm({ policy, values, rejected, onChange, onNext }: TerminationFormProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const schema = useMemo(
    () => terminationFormSchema({ startDate: policy.startDate, endDate: policy.endDate }),
    [policy.startDate, policy.endDate],
  );
  const form = useValibotForm(schema, values);
  const { setServerErrors, setValue } = form;
  const refundWanted = form.values.refundWanted;
  const latest = useRef(form.values);
  latest.current = form.values;

  useEffect(() => onChange(form.values), [form.values, onChange]);
  useEffect(() => {
    if (rejected.length > 0) setServerErrors(rejected);
  }, [rejected, setServerErrors]);
  // Choosing a refund fills in the holder's address the portal knows (the policy's address), in the
  // fields still empty; she corrects what is not so.
  const { destinationAddress } = policy;
  useEffect(() => {
    if (refundWanted !== 'YES' || !destinationAddress) return;
    for (const [field, value] of Object.entries(knownHolderDetails(destinationAddress, locale))) {
      const name = refundFormField(field as RefundField);
      if (!latest.current[name]) setValue(name, value);
    }
  }, [refundWanted, destinationAddress, locale, setValue]);

  const refundField = (field: RefundField) => (
    <TextField
      key={field}
      {...form.field(refundFormField(field))}
      label={t(`terminate.refund.${field}`)}
      required={REQUIRED_REFUND_FIELDS.includes(field)}
    />
  );

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onNext)}>
      <dl className="change-page__summary">
        <div className="definition">
          <dt>{t('startDate.policy')}</dt>
          <dd>
            {t(`insuranceType.${policy.insuranceType}`)} {policy.number}
          </dd>
        </div>
      </dl>
      <p>
        {t('terminate.form.intro', {
          start: formatDate(policy.startDate, locale),
          end: formatDate(policy.endDate, locale),
        })}
      </p>
      <DateField {...form.field('endDate')} label={t('terminate.form.endDate')} required />
      <TextAreaField
        {...form.field('reason')}
        label={t('terminate.form.reason')}
        maxLength={MAX_LENGTHS.terminationReason}
        rows={3}
        required
      />
      <RadioGroup
        {...form.field('refundWanted')}
        legend={t('terminate.form.refundWanted')}
        hint={t('terminate.form.refundHint')}
        options={YES_NO.map((value) => ({ value, label: t(`flow.answers.${value}`) }))}
        inline
      />
      {form.values.refundWanted === 'YES' ? (
        <>
          <fieldset className="form__group">
            <legend>{t('terminate.form.bank')}</legend>
            {BANK_FIELDS.map(refundField)}
          </fieldset>
          <fieldset className="form__group">
            <legend>{t('terminate.form.holder')}</legend>
            {HOLDER_FIELDS.map(refundField)}
          </fieldset>
        </>
      ) : null}
      <div className="flow-actions">
        <Link to={paths.insurances()}>{t('flow.cancel')}</Link>
        <Button type="submit">{t('flow.next')}</Button>
      </div>
    </form>
  );
}
