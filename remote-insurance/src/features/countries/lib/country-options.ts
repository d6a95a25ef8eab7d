import type { Country } from '@portal/contract/wire';
import type { FieldOption } from '@portal/ui';

/**
 * Select options in the reader's language: the api names countries in English only, the browser
 * knows their names in every language the portal has.
 */
export function countryOptions(countries: readonly Country[], locale: string): FieldOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  return countries
    .map(({ code, name }) => ({ value: code, label: names?.of(code) ?? name }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
