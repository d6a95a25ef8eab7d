import type { ReactNode } from 'react';

/** The id of the error text of a field: `aria-describedby` points at it. */
export const errorIdOf = (id: string): string => `${id}-error`;
/** The id of the hint text of a field. */
export const hintIdOf = (id: string): string => `${id}-hint`;

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
