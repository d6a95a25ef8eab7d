import { useTranslation } from '@portal/shared/react-i18next';

import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

/** Props of {@link DateField}. */
export type DateFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A date typed as dd/mm/yyyy (the forms' date format), with the format as the hint. A text
 * input rather than `type="date"`: the native pickers differ per browser and locale.
 */
export function DateField({ hint, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('DateField.hint')}
      {...props}
      hint={hint ?? t('DateField.hint')}
      type="text"
    />
  );
}
