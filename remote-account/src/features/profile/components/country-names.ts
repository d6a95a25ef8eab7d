import type { Country } from '@portal/contract/wire';

/** A country as the country fields offer it: its code and its name in the page's language. */
export type CountryOption = { code: string; name: string; englishName: string };

/**
 * The countries with their names in `locale` (Intl.DisplayNames), sorted by that name; the
 * English name of the api stands in where the browser has none.
 */
export function countryOptions(countries: readonly Country[], locale: string): CountryOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  // One collator for the whole sort: `localeCompare` with a locale looks one up for each comparison.
  const collator = new Intl.Collator(locale);
  return countries
    .map((country) => ({
      code: country.code,
      name: names?.of(country.code) ?? country.name,
      englishName: country.name,
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const normalize = (text: string): string => text.trim().toLocaleLowerCase();

/** The code of the country whose name (in the page's language or in English) is `text`, if any. */
export function matchCountry(options: readonly CountryOption[], text: string): string | undefined {
  const wanted = normalize(text);
  if (!wanted) return undefined;
  return options.find(
    (option) => normalize(option.name) === wanted || normalize(option.englishName) === wanted,
  )?.code;
}

/** The name to show for `code` (the code itself when it is not a known country). */
export function countryName(options: readonly CountryOption[], code: string): string {
  return options.find((option) => option.code === code)?.name ?? code;
}
