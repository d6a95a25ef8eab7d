import { useEffect } from 'react';
import { Button, FieldError, RadioGroup, TextAreaField, useValibotForm } from '@portal/ui';
import { MAX_LENGTHS, YES_NO } from '@portal/contract/validation';

import { acceptanceFormSchema } from '../lib/renewal-draft';
import type { AcceptanceValues } from '../lib/renewal-draft';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type AcceptanceStepProps = {
  values: AcceptanceValues;
  /** Fields the api refused on the last attempt. */
  rejected: readonly { field: string; code: string }[];
  onChange: (values: AcceptanceValues) => void;
  onBack: () => void;
  onNext: () => void;
};

const QUESTIONS = ['medical', 'criminalRecord', 'insuranceRefusal'] as const;

/** Step 2: the acceptance questions and the agreement on pre-existing conditions. */
export function AcceptanceStep({ rejected, values, onChange, onBack, onNext }: AcceptanceStepProps) {
  const { t } = useFlowTranslation();
  const form = useValibotForm(acceptanceFormSchema, values);

  const { setServerErrors } = form;

  useEffect(() => onChange(form.values), [form.values, onChange]);
  // Keyed by content: a new array of the same refusals must not show them again after a change.
  const rejectedKey = JSON.stringify(rejected);
  useEffect(() => {
    const fields = JSON.parse(rejectedKey) as { field: string; code: string }[];
    if (fields.length > 0) setServerErrors(fields);
  }, [rejectedKey, setServerErrors]);

  const answers = YES_NO.map((value) => ({ value, label: t(`flow.answers.${value}`) }));
  const agreed = form.checkbox('preExistingAgreed');
  const { error: agreedError, ...agreedInput } = agreed;

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onNext)}>
      {QUESTIONS.map((question) => (
        <RadioGroup
          key={question}
          {...form.field(question)}
          legend={t(`renew.acceptance.${question}`)}
          options={answers}
          inline
        />
      ))}
      {form.values.insuranceRefusal === 'YES' ? (
        <TextAreaField
          {...form.field('insuranceRefusalExplanation')}
          label={t('renew.acceptance.insuranceRefusalExplanation')}
          maxLength={MAX_LENGTHS.explanation}
          rows={4}
          required
        />
      ) : null}
      <div className={agreedError ? 'field field--invalid field--checkbox' : 'field field--checkbox'}>
        <label className="checkbox" htmlFor={agreed.id}>
          <input type="checkbox" {...agreedInput} />
          <span>{t('renew.acceptance.preExistingAgreed')}</span>
        </label>
        <FieldError id={agreed.id} error={agreedError} />
      </div>
      <div className="flow-actions">
        <Button variant="secondary" onClick={onBack}>
          {t('flow.back')}
        </Button>
        <Button type="submit">{t('flow.next')}</Button>
      </div>
    </form>
  );
}
