import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { describedBy, errorIdOf, FieldError, FieldHint, hintIdOf } from './field-parts';
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
  const classes = ['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ');
  const empty = placeholder === false ? undefined : (placeholder ?? t('SelectField.placeholder'));
  return (
    <div className={classes}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <div className="field__control field__control--select">
        <select
          {...select}
          id={id}
          className="field__input field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            select['aria-describedby'],
            hint ? hintIdOf(id) : undefined,
            error && errorIdOf(id),
          )}
        >
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon name="chevron-down" className="field__chevron" />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
