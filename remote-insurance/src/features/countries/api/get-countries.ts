import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { Country } from '@portal/shared/wire';
import type { FieldOption } from '@portal/shared/ui';

const countriesSchema = v.array(
  v.object({ code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), name: v.string() }),
);

/** `GET /api/en/countries`: ISO 3166-1 alpha-2 codes with their English names. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const body: unknown = await http.get('api/en/countries', { signal }).json();
  // The schema is the wire contract: its output must stay a list of Country.
  const countries: Country[] = v.parse(countriesSchema, body);
  return countries;
}

/** Loads the countries once per page. */
export function useCountries() {
  return useApiResource((signal) => getCountries(signal), []);
}

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
