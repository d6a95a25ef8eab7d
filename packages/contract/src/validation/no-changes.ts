/**
 * "No changes found" (docs/requirements.md §8): a form sent as it stands changes nothing, so the portal says so
 * rather than send it, and the api answers a change that changes nothing with {@link NO_CHANGES_CODE}
 * rather than record it (an address change with a move reason would otherwise put the policy under
 * review for nothing). One rule for the forms and the api.
 */

/** Error code (409) of a change that would leave everything as it is. */
export const NO_CHANGES_CODE = 'NO_CHANGES';

/** The message of {@link NO_CHANGES_CODE} (the api's English text; the portal shows `errors.noChanges`). */
export const NO_CHANGES_MESSAGE = 'No changes found: We did not find any changes.';

/** How one field's value is compared; by default text without the spaces around it. */
export type Comparer = (value: string) => string;

/** Postal codes are compared without spaces and in capitals: `1234 ab` is `1234AB`. */
export const compactUpper: Comparer = (value) => value.replace(/\s+/g, '').toUpperCase();

function comparable(value: unknown, compare: Comparer | undefined): unknown {
  // Empty and absent are the same: an optional field left empty is one that was never filled in.
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return compare ? compare(value.trim()) : value.trim();
  return value;
}

/**
 * Whether `next` holds the same as `current` in every one of `fields`: text is compared without
 * the spaces around it (or by the field's own comparer), and an empty field is the same as an
 * absent one. Without a current value there is always a change.
 */
export function isUnchanged<K extends string>(
  next: Partial<Record<K, unknown>>,
  current: Partial<Record<K, unknown>> | null | undefined,
  fields: readonly K[],
  comparers: Partial<Record<K, Comparer>> = {},
): boolean {
  if (!current) return false;
  return fields.every(
    (field) => comparable(next[field], comparers[field]) === comparable(current[field], comparers[field]),
  );
}

/** The fields of an address that say where it is (the move reason is not part of it). */
export const ADDRESS_FIELDS = [
  'postalCode',
  'houseNumber',
  'houseNumberAddition',
  'street',
  'city',
  'country',
] as const;

/** How address fields are compared: a postal code as {@link compactUpper}, a country code in capitals. */
export const ADDRESS_COMPARERS = {
  postalCode: compactUpper,
  country: (value: string) => value.toUpperCase(),
} as const satisfies Partial<Record<(typeof ADDRESS_FIELDS)[number], Comparer>>;
