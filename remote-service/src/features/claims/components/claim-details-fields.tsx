import type { RefObject } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { DateField, SelectField, TextAreaField, TextField } from '@portal/ui';
import type { BoundFieldProps } from '@portal/ui';
import { CONTACT_CATEGORIES, MAX_LENGTHS } from '@portal/contract/validation';

import { ReceiptsField } from './receipts-field';

/** The fields of a claim that a student and a visitor fill in alike. */
type ClaimDetailName = 'category' | 'incidentDate' | 'description' | 'amount' | 'iban';

export type ClaimDetailsFieldsProps = {
  field: (name: ClaimDetailName) => BoundFieldProps;
  receipts: readonly File[];
  onAddReceipts: (files: File[]) => void;
  onRemoveReceipt: (index: number) => void;
  receiptErrors: readonly string[];
};

/** What happened, the amount, the account to pay it to, and the receipts: the heart of every claim form. */
export function ClaimDetailsFields({
  field,
  receipts,
  onAddReceipts,
  onRemoveReceipt,
  receiptErrors,
}: ClaimDetailsFieldsProps) {
  const { t } = useTranslation('service');
  const categoryOptions = CONTACT_CATEGORIES.map((value) => ({
    value,
    label: t(`claim.categories.${value}`),
  }));
  return (
    <>
      <SelectField {...field('category')} label={t('claim.category')} options={categoryOptions} required />
      <DateField {...field('incidentDate')} label={t('claim.incidentDate')} required />
      <TextAreaField
        {...field('description')}
        label={t('claim.description')}
        maxLength={MAX_LENGTHS.description}
        rows={5}
        required
      />
      <TextField
        {...field('amount')}
        label={t('claim.amount')}
        hint={t('claim.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <TextField
        {...field('iban')}
        label={t('claim.iban')}
        hint={t('claim.ibanHint')}
        autoComplete="off"
        required
      />
      <ReceiptsField
        id="claim-receipts"
        receipts={receipts}
        onAdd={onAddReceipts}
        onRemove={onRemoveReceipt}
        errors={receiptErrors}
      />
    </>
  );
}

export type ClaimProgressProps = {
  progressRef: RefObject<HTMLDivElement | null>;
  percent: number;
  /** The connection is lost: the bar stays where it is and says the upload waits. */
  offline?: boolean;
};

/**
 * The upload's progress while a claim is sent (what has arrived); it takes focus so that a screen
 * reader follows. While the connection is lost it says so; it goes on by itself when it is back.
 */
export function ClaimProgress({ progressRef, percent, offline = false }: ClaimProgressProps) {
  const { t } = useTranslation('service');
  return (
    <div ref={progressRef} className="claim-progress" tabIndex={-1}>
      <progress
        className="claim-progress__bar"
        max={100}
        value={percent}
        aria-label={t('claim.progress.label')}
      />
      <p
        role="status"
        className={['claim-progress__text', offline ? 'claim-progress__text--offline' : '']
          .filter(Boolean)
          .join(' ')}
      >
        {offline ? t('claim.progress.offline') : t('claim.progress.text', { percent })}
      </p>
    </div>
  );
}
