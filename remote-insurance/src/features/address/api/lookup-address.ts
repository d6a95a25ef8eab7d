import * as v from 'valibot';
import { errorStatus, http } from '@portal/shared';
import { lookupHouseNumberSchema, postcodeSchema } from '@portal/contract/validation';

/** What the lookup found: the street and city of a postcode and house number, or nothing. */
export type AddressLookupResult =
  { kind: 'found'; street: string; city: string } | { kind: 'unknown' } | { kind: 'failed' };

const answerSchema = v.tuple([v.string(), v.string()]);

/** The postcode and house number the lookup can be asked about, or null (not a Dutch postcode yet). */
export function lookupQuery(postalCode: string, houseNumber: string): { pc: string; nr: string } | null {
  const pc = v.safeParse(postcodeSchema, postalCode);
  const nr = v.safeParse(lookupHouseNumberSchema, houseNumber);
  return pc.success && nr.success ? { pc: pc.output, nr: nr.output } : null;
}

/** `GET /pacos?pc=&nr=` → `[streetName, city]`; a 404 means the house number is not known there. */
export async function lookupAddress(
  query: { pc: string; nr: string },
  signal?: AbortSignal,
): Promise<AddressLookupResult> {
  try {
    const body: unknown = await http.get('pacos', { searchParams: query, signal }).json();
    const [street, city] = v.parse(answerSchema, body);
    return { kind: 'found', street, city };
  } catch (error) {
    if (signal?.aborted) throw error;
    return errorStatus(error) === 404 ? { kind: 'unknown' } : { kind: 'failed' };
  }
}
