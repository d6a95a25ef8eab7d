import type { ComponentPropsWithRef, ReactNode } from 'react';

import { fieldAria, FieldFrame } from './field-parts';

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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input
        type="text"
        {...input}
        id={id}
        className="field__input"
        {...fieldAria(id, { hint, error, describedBy: input['aria-describedby'] })}
      />
      {suffix}
    </FieldFrame>
  );
}
