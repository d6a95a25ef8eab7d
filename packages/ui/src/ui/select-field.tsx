import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import { fieldAria, FieldFrame } from './field-parts';
import { Icon } from './icon';

/** One choice of a {@link SelectField} or {@link RadioGroup}. */
export type FieldOption = { value: string; label: string };

/** Props of {@link SelectField}. */
export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  id: string;
  label: ReactNode;
  options: readonly FieldOption[];
  /** Text of the empty first choice; `false` for none (default "Choose…"). */
  placeholder?: string | false;
  hint?: ReactNode;
  error?: string;
};

/** A labelled native select, with its error tied to it. */
export function SelectField({
  id,
  label,
  options,
  placeholder,
  hint,
  error,
  className,
  ...select
}: SelectFieldProps) {
  const { t } = useTranslation();
  const empty = placeholder === false ? undefined : (placeholder ?? t('SelectField.placeholder'));
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      controlClassName="field__control--select"
    >
      <select
        {...select}
        id={id}
        className="field__input field__select"
        {...fieldAria(id, { hint, error, describedBy: select['aria-describedby'] })}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Icon name="chevron-down" className="field__chevron" />
    </FieldFrame>
  );
}
