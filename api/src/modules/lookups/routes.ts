import { lookupHouseNumberSchema, postcodeSchema } from '@portal/contract/validation';
import type { FastifyInstance } from 'fastify';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';

countries.registerLocale(en);

/** What the forms look up, without a login: the list of countries and the address of a Dutch postcode. */
export async function lookupRoutes(app: FastifyInstance, { db }: RouteContext): Promise<void> {
  const countryList = Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));

  app.get('/api/en/countries', async () => countryList);

  app.get<{ Querystring: { pc?: string; nr?: string } }>('/pacos', async (request) => {
    const pc = v.safeParse(postcodeSchema, request.query.pc ?? '');
    const nr = v.safeParse(lookupHouseNumberSchema, request.query.nr ?? '');
    const fields = [
      ...(pc.success ? [] : [{ field: 'pc', code: 'validation.postcode.invalid' }]),
      ...(nr.success ? [] : [{ field: 'nr', code: 'validation.houseNumber.invalid' }]),
    ];
    if (!pc.success || !nr.success) throw errors.validation(fields);
    const row = await store.findAddress(db, pc.output, Number(nr.output));
    if (!row) throw new ApiError(404, 'INVALID_HOUSE_NUMBER', 'Invalid house number.');
    return [row.street, row.city];
  });
}
