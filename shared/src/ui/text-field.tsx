import type { ComponentPropsWithRef, ReactNode } from 'react';

import { describedBy, errorIdOf, FieldError, FieldHint, hintIdOf } from './field-parts';

/** Props of {@link TextField}: the input's own props plus a label, hint and error. */
export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  id: string;
  /** Visible label (already translated). */
  label: ReactNode;
  hint?: ReactNode;
  /** Error text (already translated); marks the input invalid and describes it. */
  error?: string;
  /** Something shown after the input inside the same row (e.g. a toggle button). */
  suffix?: ReactNode;
};

/** A labelled text input whose error is tied to it with `aria-invalid` and `aria-describedby`. */
export function TextField({ id, label, hint, error, suffix, className, ...input }: TextFieldProps) {
  const classes = ['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <div className="field__control">
        <input
          type="text"
          {...input}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            input['aria-describedby'],
            hint ? hintIdOf(id) : undefined,
            error && errorIdOf(id),
          )}
        />
        {suffix}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
