import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { apiReasonMessage } from '@portal/shared/api-reason';
import { formatDateTime } from '@portal/contract/domain';
import { Alert, Button, SelectField, useValibotForm } from '@portal/ui';

import type { ClaimPolicyOption } from '../api/get-claimable-policies';
import { EMPTY_CLAIM, claimFormSchema, useSubmitClaim } from '../api/submit-claim';
import type { ClaimFailure, ClaimFormValues } from '../api/submit-claim';
import { discardDraft, saveDraft } from '../lib/claim-drafts';
import type { ClaimDraft } from '../lib/claim-drafts';
import { ClaimDetailsFields, ClaimProgress } from './claim-details-fields';
import { ClaimDone } from './claim-done';
import { checkReceipts } from '../lib/receipt-rules';

/** How long typing pauses before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 300;

/** Props of {@link ClaimForm}. */
export type ClaimFormProps = {
  profileId: string;
  policies: readonly ClaimPolicyOption[];
  /** The draft the student chose to continue, if any. */
  draft?: ClaimDraft;
};

/** A moment as the portal shows a date and time, e.g. `23 Nov 2026, 14:05` (the shared display format). */
export function formatTime(iso: string, locale: string): string {
  return formatDateTime(iso, locale);
}

const isEmpty = (values: ClaimFormValues, receipts: readonly File[]) =>
  receipts.length === 0 && Object.values(values).every((value) => value.trim() === '');

/** The text of a failed send; everything typed and chosen stays for another try. */
export function FailureAlert({ failure }: { failure: ClaimFailure }) {
  const { t } = useTranslation('service');
  if (failure.kind === 'refused') {
    return (
      <Alert type="error" title={t('claim.failed.title')} messages={[apiReasonMessage(t, failure.reason)]} />
    );
  }
  const code = `claim.failed.${failure.kind}`;
  const context = {
    ns: 'service',
    incidentId: failure.kind === 'server' ? (failure.incidentId ?? '–') : undefined,
  };
  return <Alert type="error" title={t('claim.failed.title')} messages={[{ code, context }]} />;
}

/**
 * The claim form: policy, category, incident date, description, amount, IBAN and receipts. What the
 * student types is saved as a draft on the device; sending shows the upload's progress and keeps
 * the form locked until it is done; a failure keeps everything for another try.
 */
export function ClaimForm({ profileId, policies, draft }: ClaimFormProps) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const schema = useMemo(() => claimFormSchema(policies), [policies]);
  const form = useValibotForm(schema, draft?.values ?? EMPTY_CLAIM);
  const [receipts, setReceipts] = useState<File[]>(draft?.receipts ?? []);
  const [receiptErrors, setReceiptErrors] = useState<string[]>([]);
  const [savedAt, setSavedAt] = useState<string | undefined>(draft?.savedAt);
  const [attempt, setAttempt] = useState(0);
  const { state, submit } = useSubmitClaim();
  const progressRef = useRef<HTMLDivElement>(null);
  const sent = useRef(false);
  const sending = state.status === 'sending';
  const done = state.status === 'done';

  // Saved as the student types (after a short pause), never after the claim was sent.
  useEffect(() => {
    if (done || isEmpty(form.values, receipts)) return undefined;
    const timer = setTimeout(() => {
      // The claim may have been sent while the pause ran: its draft is gone for good then.
      if (sent.current) return;
      const now = new Date().toISOString();
      void saveDraft(profileId, { values: form.values, receipts, savedAt: now }).then(() => setSavedAt(now));
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form.values, receipts, profileId, done]);

  useEffect(() => {
    // The submit button is disabled while sending; the progress takes the focus so it is not lost.
    if (sending) progressRef.current?.focus();
  }, [sending]);

  if (state.status === 'done') return <ClaimDone claimNumber={state.claimNumber} />;

  const addReceipts = async (files: File[]) => {
    const { accepted, refused } = await checkReceipts(receipts, files);
    if (accepted.length > 0 && !sent.current) {
      // A receipt is a deliberate step, not a keystroke: it is kept on the device before it is listed,
      // so that a reload (or a closed tab) straight after it still has it in the draft.
      const now = new Date().toISOString();
      await saveDraft(profileId, { values: form.values, receipts: [...receipts, ...accepted], savedAt: now });
      setSavedAt(now);
    }
    setReceipts((current) => [...current, ...accepted]);
    setReceiptErrors(refused.map(({ name, code }) => t('claim.receipts.refused', { name, reason: t(code) })));
  };
  const removeReceipt = (index: number) => {
    setReceipts((current) => current.filter((_, position) => position !== index));
    setReceiptErrors([]);
  };
  const discard = async () => {
    await discardDraft(profileId);
    form.reset(EMPTY_CLAIM);
    setReceipts([]);
    setReceiptErrors([]);
    setSavedAt(undefined);
  };

  const onSubmit = form.handleSubmit(async (output) => {
    setAttempt((count) => count + 1);
    // Saved now, not after the typing pause: a session that expires during the send takes the
    // student to the login page, and the claim must be there when they come back.
    await saveDraft(profileId, { values: form.values, receipts, savedAt: new Date().toISOString() });
    const result = await submit(output, receipts);
    if (result.status === 'done') {
      sent.current = true;
      await discardDraft(profileId);
      return;
    }
    if (result.failure.kind === 'invalid') {
      const { fields } = result.failure;
      form.setServerErrors(fields.filter((field) => field.field !== 'receipts'));
      setReceiptErrors(fields.filter((field) => field.field === 'receipts').map((field) => t(field.code)));
    }
  });

  const percent = state.status === 'sending' ? Math.round(state.progress * 100) : 0;
  const policyOptions = policies.map((policy) => ({
    value: policy.policyNumber,
    label: t('claim.policyOption', {
      number: policy.policyNumber,
      type: t(`claim.insuranceTypes.${policy.insuranceType}`),
    }),
  }));

  return (
    <>
      {state.status === 'failed' ? <FailureAlert key={attempt} failure={state.failure} /> : null}
      <form className="form claim-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
        <fieldset className="claim-form__fields" disabled={sending}>
          <legend className="visually-hidden">{t('claim.legend')}</legend>
          <SelectField
            {...form.field('policyNumber')}
            label={t('claim.policy')}
            options={policyOptions}
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
          {!sending && (savedAt || !isEmpty(form.values, receipts)) ? (
            <Button variant="secondary" onClick={() => void discard()}>
              {t('claim.draft.discard')}
            </Button>
          ) : null}
        </div>
        {savedAt && !sending ? (
          <p className="claim-form__saved" role="status">
            {t('claim.draft.saved', { time: formatTime(savedAt, locale) })}
          </p>
        ) : null}
      </form>
    </>
  );
}
