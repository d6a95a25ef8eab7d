import type { ComponentPropsWithRef, ReactNode } from 'react';

import { fieldAria, FieldFrame, LengthCounter, showsCounter } from './field-parts';

/** Props of {@link TextAreaField}: the textarea's own props plus a label, hint and error. */
export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  id: string;
  /** Visible label (already translated). */
  label: ReactNode;
  hint?: ReactNode;
  /** Error text (already translated); marks the textarea invalid and describes it. */
  error?: string;
};

/**
 * A labelled multi-line input whose error is tied to it with `aria-invalid` and `aria-describedby`.
 * A `maxLength` is shown as a counter under it rather than cutting what is typed or pasted.
 */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  className,
  maxLength,
  ...textarea
}: TextAreaFieldProps) {
  const length = typeof textarea.value === 'string' ? textarea.value.length : 0;
  const counter = showsCounter(length, maxLength, true);
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      after={counter ? <LengthCounter id={id} length={length} max={maxLength} /> : null}
    >
      <textarea
        {...textarea}
        id={id}
        className="field__input field__textarea"
        {...fieldAria(id, { hint, error, counter, describedBy: textarea['aria-describedby'] })}
      />
    </FieldFrame>
  );
}
