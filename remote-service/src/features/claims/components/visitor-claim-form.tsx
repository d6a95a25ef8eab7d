import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Button, DateField, TextField, useValibotForm } from '@portal/ui';

import {
  EMPTY_VISITOR_CLAIM,
  useSubmitVisitorClaim,
  visitorClaimFormSchema,
} from '../api/submit-visitor-claim';
import { ClaimDetailsFields, ClaimProgress } from './claim-details-fields';
import { ClaimDone } from './claim-done';
import { FailureAlert } from './claim-form';
import { checkReceipts } from '../lib/receipt-rules';

// Built once: the rules do not depend on anything the visitor chose.
const schema = visitorClaimFormSchema();

/**
 * The claim form for a visitor who is not logged in: the policy number and the policyholder's date
 * of birth instead of a choice of policies, then the same fields, receipts and progress as a
 * student's. Nothing is kept on the device: a draft with a date of birth and an IBAN does not
 * belong on a computer that anyone may use.
 */
export function VisitorClaimForm() {
  const { t } = useTranslation('service');
  const form = useValibotForm(schema, EMPTY_VISITOR_CLAIM);
  const [receipts, setReceipts] = useState<File[]>([]);
  const [receiptErrors, setReceiptErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const { state, submit } = useSubmitVisitorClaim();
  const progressRef = useRef<HTMLDivElement>(null);
  const sending = state.status === 'sending';

  useEffect(() => {
    // The submit button is disabled while sending; the progress takes the focus so it is not lost.
    if (sending) progressRef.current?.focus();
  }, [sending]);

  if (state.status === 'done') return <ClaimDone claimNumber={state.claimNumber} visitor />;

  const addReceipts = async (files: File[]) => {
    const { accepted, refused } = await checkReceipts(receipts, files);
    setReceipts((current) => [...current, ...accepted]);
    setReceiptErrors(refused.map(({ name, code }) => t('claim.receipts.refused', { name, reason: t(code) })));
  };
  const removeReceipt = (index: number) => {
    setReceipts((current) => current.filter((_, position) => position !== index));
    setReceiptErrors([]);
  };

  const onSubmit = form.handleSubmit(async (output) => {
    setAttempt((count) => count + 1);
    const result = await submit(output, receipts);
    if (result.status === 'done' || result.failure.kind !== 'invalid') return;
    const { fields } = result.failure;
    form.setServerErrors(fields.filter((field) => field.field !== 'receipts'));
    setReceiptErrors(fields.filter((field) => field.field === 'receipts').map((field) => t(field.code)));
  });

  const percent = state.status === 'sending' ? Math.round(state.progress * 100) : 0;

  return (
    <>
      {state.status === 'failed' ? <FailureAlert key={attempt} failure={state.failure} /> : null}
      <form className="form claim-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
        <fieldset className="claim-form__fields" disabled={sending}>
          <legend className="visually-hidden">{t('claim.legend')}</legend>
          <TextField
            {...form.field('policyNumber')}
            label={t('claim.visitor.policyNumber')}
            hint={t('claim.visitor.policyNumberHint')}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <DateField
            {...form.field('birthDate')}
            label={t('claim.visitor.birthDate')}
            autoComplete="bday"
            required
          />
          <ClaimDetailsFields
            field={form.field}
            receipts={receipts}
            onAddReceipts={(files) => void addReceipts(files)}
            onRemoveReceipt={removeReceipt}
            receiptErrors={receiptErrors}
          />
        </fieldset>
        {state.status === 'sending' ? (
          <ClaimProgress progressRef={progressRef} percent={percent} offline={state.offline} />
        ) : null}
        <div className="claim-form__actions">
          <Button type="submit" busy={sending}>
            {t('claim.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
