import { policyChangeReason } from '@portal/shared/domain';
import { lookupHouseNumberSchema, postcodeSchema, profileSchema } from '@portal/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import * as v from 'valibot';
import { ApiError, errors } from '../errors.js';
import { requirePrincipal } from '../auth/session.js';
import type { Principal } from '../auth/session.js';
import { parseBody } from '../validate.js';
import type { RouteContext } from './context.js';
import { listPolicies, wireDate } from '../modules/policies/store.js';

countries.registerLocale(en);

type ProfileParams = { Params: { profileId: string } };

interface ProfileRow {
  profile_id: string;
  gender: 'MALE' | 'FEMALE' | 'UNDEFINED';
  first_name: string;
  surname: string;
  birth_date: Date | string;
  country_of_origin: string;
  nationality: string;
  email: string;
  editable: boolean;
  customer_type: string;
}

/** Countries, profile and the address lookup. */
export async function readRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  const countryList = Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));

  async function owner(request: FastifyRequest<ProfileParams>): Promise<Principal> {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    return principal;
  }

  async function profile(profileId: string) {
    const [row] = await db.query<ProfileRow>(
      'SELECT p.*, a.email FROM profiles p JOIN accounts a ON a.id = p.account_id WHERE p.profile_id = $1',
      [profileId],
    );
    if (!row) throw errors.notFound('Profile');
    return {
      profileId: row.profile_id,
      gender: row.gender,
      firstName: row.first_name,
      surname: row.surname,
      birthDate: wireDate(row.birth_date),
      countryOfOrigin: row.country_of_origin,
      nationality: row.nationality,
      username: row.email,
      editable: row.editable ? ('true' as const) : ('false' as const),
    };
  }

  app.get('/api/en/countries', async () => countryList);

  app.get<ProfileParams>('/api/en/profiles/:profileId', async (request) => {
    await owner(request);
    return profile(request.params.profileId);
  });

  app.post<ProfileParams>('/api/en/profiles/:profileId/', async (request) => {
    await owner(request);
    const current = await profile(request.params.profileId);
    // The profile's own flag, and the shared policy rules: an institute policy locks the details too.
    const policies = await listPolicies(db, request.params.profileId);
    const managedByPolicy = policies.some(
      (policy) => policyChangeReason(policy, 'personalDetails', config.now()) !== null,
    );
    if (current.editable !== 'true' || managedByPolicy) {
      throw new ApiError(
        403,
        'INSTITUTE_MANAGED',
        'Your institution manages your personal details; please contact it.',
      );
    }
    const body = parseBody(profileSchema({ today: config.now() }), request.body);
    const unknown = (['countryOfOrigin', 'nationality'] as const).filter(
      (field) => !countries.isValid(body[field]),
    );
    if (unknown.length > 0)
      throw errors.validation(unknown.map((field) => ({ field, code: 'validation.option' })));
    await db.query(
      `UPDATE profiles SET gender = $2, first_name = $3, surname = $4, birth_date = $5, country_of_origin = $6,
        nationality = $7 WHERE profile_id = $1`,
      [
        request.params.profileId,
        body.gender,
        body.firstName,
        body.surname,
        body.birthDate,
        body.countryOfOrigin,
        body.nationality,
      ],
    );
    return profile(request.params.profileId);
  });

  app.get<{ Querystring: { pc?: string; nr?: string } }>('/pacos', async (request) => {
    const pc = v.safeParse(postcodeSchema, request.query.pc ?? '');
    const nr = v.safeParse(lookupHouseNumberSchema, request.query.nr ?? '');
    const fields = [
      ...(pc.success ? [] : [{ field: 'pc', code: 'validation.postcode.invalid' }]),
      ...(nr.success ? [] : [{ field: 'nr', code: 'validation.houseNumber.invalid' }]),
    ];
    if (!pc.success || !nr.success) throw errors.validation(fields);
    const [row] = await db.query<{ street: string; city: string }>(
      'SELECT street, city FROM postcodes WHERE postcode = $1 AND house_number = $2',
      [pc.output, Number(nr.output)],
    );
    if (!row) throw new ApiError(404, 'INVALID_HOUSE_NUMBER', 'Invalid house number.');
    return [row.street, row.city];
  });
}
