import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import { canonicalTypedDate, formatTypedDate } from '@portal/contract/typed-date';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

/** Props of {@link DateField}. */
export type DateFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A date typed as dd/mm/yyyy (the forms' date format), with the format as the hint. A text
 * input rather than `type="date"`: the native pickers differ per browser and locale.
 *
 * Digits alone will do: the slashes are put in as she types, and `1-12-2026`, `10.12.2026` or
 * `10122026` become `dd/mm/yyyy` when she leaves the field. The decimal keypad has a separator key
 * (a phone's numeric one has none).
 */
export function DateField({ hint, onChange, onBlur, ...props }: DateFieldProps) {
  const { t } = useTranslation();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const previous = typeof props.value === 'string' ? props.value : '';
    // Only a keystroke that adds at the end is reformatted: deleting a slash must stay possible,
    // and an edit in the middle keeps its caret.
    const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
    if (input.value.length > previous.length && atEnd) input.value = formatTypedDate(input.value);
    onChange?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const canonical = canonicalTypedDate(event.target.value);
    if (canonical !== null && canonical !== event.target.value) {
      event.target.value = canonical;
      onChange?.(event as unknown as ChangeEvent<HTMLInputElement>);
    }
    onBlur?.(event);
  };

  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('DateField.hint')}
      {...props}
      onChange={handleChange}
      onBlur={handleBlur}
      hint={hint ?? t('DateField.hint')}
      type="text"
    />
  );
}
