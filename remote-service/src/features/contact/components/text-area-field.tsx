import type { ComponentPropsWithRef, ReactNode } from 'react';
import { describedBy, errorIdOf, FieldError, FieldHint, hintIdOf } from '@portal/shared';

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

/** A labelled multi-line input with the same label, hint and error markup as the shared fields. */
export function TextAreaField({ id, label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  const classes = ['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <div className="field__control">
        <textarea
          {...textarea}
          id={id}
          className="field__input field__textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            textarea['aria-describedby'],
            hint ? hintIdOf(id) : undefined,
            error && errorIdOf(id),
          )}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
