import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

/** The id of the error text of a field: `aria-describedby` points at it. */
export const errorIdOf = (id: string): string => `${id}-error`;
/** The id of the hint text of a field. */
export const hintIdOf = (id: string): string => `${id}-hint`;
/** The id of the length counter of a field. */
export const counterIdOf = (id: string): string => `${id}-counter`;

/**
 * Whether a field with a length limit shows its counter: a text area always, a one-line field once
 * the text nears the limit (more than four fifths of it).
 */
export function showsCounter(length: number, max: number | undefined, multiline: boolean): max is number {
  return max !== undefined && (multiline || length > max * 0.8);
}

/**
 * The characters typed against the limit, under the control. The limit is said, never enforced by
 * cutting: a pasted text that is too long stays whole, the counter says by how much, and the
 * field's own rule refuses it (`validation.maxLength`).
 */
export function LengthCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const { t } = useTranslation();
  const over = length - max;
  return (
    <p id={counterIdOf(id)} className={over > 0 ? 'field__counter field__counter--over' : 'field__counter'}>
      {over > 0
        ? t('Field.counterOver', { count: length, max, over })
        : t('Field.counter', { count: length, max })}
    </p>
  );
}

/** Joins `aria-describedby` ids, without duplicates; `undefined` when there are none. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const unique = [...new Set(ids.flatMap((id) => (id ? id.split(/\s+/) : [])).filter(Boolean))];
  return unique.length ? unique.join(' ') : undefined;
}

/** The error text under a field, with the id the field's `aria-describedby` points at. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={errorIdOf(id)} className="field__error">
      {error}
    </p>
  ) : null;
}

/** The hint text of a field. */
export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={hintIdOf(id)} className="field__hint">
      {hint}
    </p>
  ) : null;
}

/** The class names of a field's outer element: `field`, marked invalid when there is an error. */
export function fieldClassName(error: string | undefined, ...extra: (string | false | undefined)[]): string {
  return ['field', error ? 'field--invalid' : '', ...extra].filter(Boolean).join(' ');
}

/**
 * The ARIA attributes of a field's control: invalid when there is an error, described by the
 * caller's own ids, then the hint, then the error.
 */
export function fieldAria(
  id: string,
  {
    hint,
    error,
    counter,
    describedBy: own,
  }: { hint?: ReactNode; error?: string; counter?: boolean; describedBy?: string },
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(
      own,
      hint ? hintIdOf(id) : undefined,
      counter && counterIdOf(id),
      error && errorIdOf(id),
    ),
  };
}

/** Props of {@link FieldFrame}. */
export type FieldFrameProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Extra class of the row that holds the control (e.g. `field__control--select`). */
  controlClassName?: string;
  /** The control (with `id` and {@link fieldAria}) and what goes beside it. */
  children: ReactNode;
  /** Shown under the control, before the error (a {@link LengthCounter}). */
  after?: ReactNode;
};

/** The label, hint and error around the control of a single-control field. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  controlClassName,
  children,
  after,
}: FieldFrameProps) {
  return (
    <div className={fieldClassName(error, className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <div className={['field__control', controlClassName].filter(Boolean).join(' ')}>{children}</div>
      {after}
      <FieldError id={id} error={error} />
    </div>
  );
}
