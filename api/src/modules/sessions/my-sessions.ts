import type { FastifyInstance } from 'fastify';
import { sessionsLink } from '../../auth/browsers.js';
import { listOpenSessions } from '../../auth/open-sessions.js';
import { requirePrincipal } from '../../auth/session.js';
import type { Principal } from '../../auth/session.js';
import { ApiError, errors } from '../../errors.js';
import { accountMailLanguage } from '../../mail/account-mails.js';
import { wasThisYouMail } from '../../mail/privacy-mails.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';

/** A session's public id: 128 random bits in hex (never the session id of the cookie). */
const PUBLIC_ID = /^[0-9a-f]{32}$/;

type IdParams = { Params: { id: string } };

/** Profile's "Where am I logged in": list the student's open sessions, end one or all others. */
export async function sessionRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  /** Mails "Was this you?" about sessions just ended; a mail that cannot be stored is only logged. */
  async function tellEnded(principal: Principal, count: number, log: FastifyInstance['log']): Promise<void> {
    if (count === 0) return;
    const mail = wasThisYouMail(
      principal.email,
      { kind: 'sessions-ended', count, at: config.now() },
      sessionsLink(config),
      await accountMailLanguage(db, principal.accountId),
    );
    await mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error }, 'The sessions-ended notice could not be stored.'));
  }

  app.get('/api/sessions', async (request) => {
    const principal = await requirePrincipal(db, config, request);
    return listOpenSessions(db, principal.accountId, principal.sessionId, config.now());
  });

  // Ends one other session: its next request is a 401, and the portal sends that browser to the login.
  app.delete<IdParams>('/api/sessions/:id', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    const { id } = request.params;
    if (!PUBLIC_ID.test(id)) throw errors.validation([{ field: 'id', code: 'validation.session.invalid' }]);
    const row = await store.findByPublicId(db, id);
    if (!row) throw errors.notFound('Session');
    if (row.account_id !== principal.accountId) throw errors.forbidden();
    if (row.id === principal.sessionId)
      throw new ApiError(409, 'CURRENT_SESSION', 'This is the session you are using. Log out to end it.');
    const ended = await store.endByPublicId(db, id, principal.accountId);
    await tellEnded(principal, ended, request.log);
    return reply.status(204).send();
  });

  // Ends every session of the student but the one asking.
  app.delete('/api/sessions', async (request) => {
    const principal = await requirePrincipal(db, config, request);
    const ended = await store.endSessions(db, principal.accountId, principal.sessionId);
    await tellEnded(principal, ended, request.log);
    return { ended };
  });
}
