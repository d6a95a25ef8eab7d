import { useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { Button } from '@portal/ui';
import { CLAIM_MAX_RECEIPTS } from '@portal/contract/validation';

import { originalSizeOf } from '../lib/shrink-photo';
import { formatFileSize } from '../lib/receipt-rules';

/** Props of {@link ReceiptsField}. */
export type ReceiptsFieldProps = {
  id: string;
  receipts: readonly File[];
  /** Files picked or dropped; the form checks and adds them. */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** The messages of refused files or of the api (already translated). */
  errors: readonly string[];
  /** The field's label; "Receipts" unless given. */
  label?: string;
};

/**
 * Up to 5 receipts, picked with the file input (keyboard) or dropped on the zone around it; each
 * listed with its name and size and a button to remove it. The messages are tied to the input.
 */
export function ReceiptsField({ id, receipts, onAdd, onRemove, errors, label }: ReceiptsFieldProps) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so that picking the same file again after removing it is a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onAdd(files);
  };
  // A photo made smaller on the device shows both sizes; any other file its own.
  const receiptSize = (receipt: File) => {
    const original = originalSizeOf(receipt);
    const size = formatFileSize(receipt.size, locale);
    return original === undefined
      ? size
      : t('claim.receipts.shrunk', { from: formatFileSize(original, locale), to: size });
  };
  const remove = (index: number) => {
    onRemove(index);
    // The button is gone; focus goes back to where receipts are added.
    input.current?.focus();
  };

  return (
    <div className={['field', 'receipts', errors.length ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label ?? t('claim.receipts.label')}
      </label>
      <p id={hintId} className="field__hint">
        {t('claim.receipts.hint', { max: CLAIM_MAX_RECEIPTS })}
      </p>
      <div
        className={['receipts__drop', dragging ? 'receipts__drop--active' : ''].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="receipts-drop-zone"
      >
        <p className="receipts__drop-text">{t('claim.receipts.drop')}</p>
        <input
          ref={input}
          id={id}
          name="receipts"
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          onChange={onChange}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={[hintId, errors.length ? errorId : ''].filter(Boolean).join(' ')}
        />
      </div>
      {errors.length > 0 ? (
        <div id={errorId} className="field__error">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      {receipts.length > 0 ? (
        <ul className="receipts__list" aria-label={t('claim.receipts.listLabel')}>
          {receipts.map((receipt, index) => (
            <li
              key={`${receipt.name}-${receipt.size}-${receipt.lastModified}-${index}`}
              className="receipts__item"
            >
              <span className="receipts__name">{receipt.name}</span>
              <span className="receipts__size">{receiptSize(receipt)}</span>
              <Button variant="link" onClick={() => remove(index)}>
                {t('claim.receipts.remove', { name: receipt.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
