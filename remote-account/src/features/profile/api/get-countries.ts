import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { Country } from '@portal/shared/wire';

/** `[{code, name}]`: ISO 3166-1 alpha-2 codes with their English names. */
export const countriesBodySchema = v.array(
  v.object({ code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), name: v.string() }),
);

/** `GET /api/en/countries`, checked against the contract. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const body: unknown = await http.get('api/en/countries', { signal }).json();
  const result = v.safeParse(countriesBodySchema, body);
  if (!result.success)
    throw new Error(`The countries response does not match the contract: ${v.summarize(result.issues)}`);
  return result.output;
}

/** Loads the countries the country fields offer. */
export function useCountries() {
  return useApiResource((signal) => getCountries(signal), []);
}
