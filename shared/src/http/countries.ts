import * as v from 'valibot';
import { useApiResource } from '@portal/shared';

import type { Country } from '@portal/contract/wire';
import { API_PATHS, countryWireSchema } from '@portal/contract/wire';
import { getJson } from './get-json';

/** `GET /api/en/countries`: ISO 3166-1 alpha-2 codes with their English names, checked. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return getJson(API_PATHS.countries, v.array(countryWireSchema), { signal });
}

/** Loads the countries the country fields offer, once per page. */
export function useCountries() {
  return useApiResource((signal) => getCountries(signal), []);
}
