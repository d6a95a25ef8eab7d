import type { ComponentPropsWithRef, ReactNode } from 'react';

import { fieldAria, FieldFrame } from './field-parts';

/** Props of {@link TextAreaField}: the textarea's own props plus a label, hint and error. */
export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  id: string;
  /** Visible label (already translated). */
  label: ReactNode;
  hint?: ReactNode;
  /** Error text (already translated); marks the textarea invalid and describes it. */
  error?: string;
};

/** A labelled multi-line input whose error is tied to it with `aria-invalid` and `aria-describedby`. */
export function TextAreaField({ id, label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        {...textarea}
        id={id}
        className="field__input field__textarea"
        {...fieldAria(id, { hint, error, describedBy: textarea['aria-describedby'] })}
      />
    </FieldFrame>
  );
}
