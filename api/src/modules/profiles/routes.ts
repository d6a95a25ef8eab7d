import { policyChangeReason } from '@portal/contract/domain';
import { profileSchema } from '@portal/contract/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import countries from 'i18n-iso-countries';
import { ApiError, errors } from '../../errors.js';
import { requirePrincipal } from '../../auth/session.js';
import type { Principal } from '../../auth/session.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import { listPolicies, wireDate } from '../policies/store.js';
import * as store from './store.js';

type ProfileParams = { Params: { profileId: string } };

/** The student's personal details: read, and changed where neither she nor a policy is managed by an institute. */
export async function profileRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  async function owner(request: FastifyRequest<ProfileParams>): Promise<Principal> {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    return principal;
  }

  async function profile(profileId: string) {
    const row = await store.findProfile(db, profileId);
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
    await store.updateProfile(db, request.params.profileId, body);
    return profile(request.params.profileId);
  });
}
