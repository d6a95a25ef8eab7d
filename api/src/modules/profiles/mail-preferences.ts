import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { requirePrincipal } from '../../auth/session.js';
import { errors } from '../../errors.js';
import { MAIL_LANGUAGES, mailLanguage } from '../../mail/templates.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';

type ProfileParams = { Params: { profileId: string } };

const preferencesSchema = v.strictObject(
  {
    language: v.optional(v.picklist(MAIL_LANGUAGES, 'validation.option')),
    claimUpdates: v.optional(v.boolean('validation.type')),
  },
  'validation.option',
);

/**
 * The student's mail settings: the language every mail to her is written in (the portal sets it when
 * she switches between English and Dutch while logged in), and whether she gets a mail at every step of
 * her claims. Mails about her account's security go whatever she chooses here.
 */
export async function mailPreferenceRoutes(
  app: FastifyInstance,
  { db, config }: RouteContext,
): Promise<void> {
  async function owner(request: FastifyRequest<ProfileParams>) {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    return principal;
  }

  async function preferences(profileId: string) {
    const row = await store.findMailPreferences(db, profileId);
    if (!row) throw errors.notFound('Profile');
    return { language: mailLanguage(row.mail_language), claimUpdates: row.claim_mails };
  }

  app.get<ProfileParams>('/api/en/profiles/:profileId/mail-preferences', async (request, reply) => {
    await owner(request);
    void reply.header('Cache-Control', 'no-store');
    return preferences(request.params.profileId);
  });

  app.put<ProfileParams>('/api/en/profiles/:profileId/mail-preferences', async (request) => {
    await owner(request);
    const body = parseBody(preferencesSchema, request.body);
    await store.updateMailPreferences(db, request.params.profileId, {
      language: body.language ?? null,
      claimUpdates: body.claimUpdates ?? null,
    });
    return preferences(request.params.profileId);
  });
}
