import type { ComponentPropsWithRef, ReactNode } from 'react';

import { fieldAria, FieldFrame, LengthCounter, showsCounter } from './field-parts';

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

/**
 * A labelled text input whose error is tied to it with `aria-invalid` and `aria-describedby`. A
 * `maxLength` is shown as a counter near the limit rather than cutting what is typed or pasted.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  suffix,
  className,
  maxLength,
  ...input
}: TextFieldProps) {
  const length = typeof input.value === 'string' ? input.value.length : 0;
  const counter = showsCounter(length, maxLength, false);
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      after={counter ? <LengthCounter id={id} length={length} max={maxLength} /> : null}
    >
      <input
        type="text"
        {...input}
        id={id}
        className="field__input"
        {...fieldAria(id, { hint, error, counter, describedBy: input['aria-describedby'] })}
      />
      {suffix}
    </FieldFrame>
  );
}
