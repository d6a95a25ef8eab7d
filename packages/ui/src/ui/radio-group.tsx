import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

import { FieldError, FieldHint, fieldAria, fieldClassName } from './field-parts';
import type { FieldOption } from './select-field';

/** Props of {@link RadioGroup}. */
export type RadioGroupProps = {
  /** Id of the first radio (the one focused for an error); the others get `${id}-${index}`. */
  id: string;
  name: string;
  /** The question (already translated). */
  legend: ReactNode;
  options: readonly FieldOption[];
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  /** Shows the options side by side from the small breakpoint up. */
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/** A fieldset of radios with a legend; the error describes the group. */
export function RadioGroup({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  disabled,
  inline = false,
  ref,
  'aria-describedby': extraDescribedBy,
}: RadioGroupProps) {
  return (
    <fieldset
      className={fieldClassName(error, 'radio-group', inline && 'radio-group--inline')}
      {...fieldAria(id, { hint, error, describedBy: extraDescribedBy })}
    >
      <legend className="field__label">{legend}</legend>
      <FieldHint id={id} hint={hint} />
      <div className="radio-group__options">
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`;
          return (
            <label key={option.value} className="radio-group__option" htmlFor={optionId}>
              <input
                ref={index === 0 ? ref : undefined}
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={onChange}
                onBlur={onBlur}
                disabled={disabled}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
