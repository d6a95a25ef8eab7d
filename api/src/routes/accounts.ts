import { emailSchema, newUsernameSchema, passwordBodySchema } from '@portal/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { requirePrincipal } from '../auth/session.js';
import { consumeToken, createToken, findToken } from '../auth/tokens.js';
import type { TokenKind } from '../auth/tokens.js';
import { isRandomId } from '../input-guards.js';
import { linkMail } from '../mail/outbox.js';
import { parseBody } from '../validate.js';
import type { RouteContext } from './context.js';

type IdParams = { Params: { id: string } };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The account endpoints of the contract (activation, password, e-mail change). */
export async function accountRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  async function validToken(request: FastifyRequest<IdParams>, kinds: TokenKind[]) {
    const token = header(request, 'x-authorization-token');
    const row = isRandomId(token) ? await findToken(db, config, token, request.params.id, kinds) : null;
    if (!row) throw errors.invalidLink();
    return row;
  }

  app.get<IdParams>('/api/accounts/:id/', async (request) => {
    const row = await validToken(request, ['ACTIVATE', 'PASSWORD', 'EMAIL']);
    return { username: row.kind === 'EMAIL' ? (row.new_email ?? row.email) : row.email };
  });

  app.post<IdParams>('/api/accounts/:id/activate', async (request, reply) => {
    const row = await validToken(request, ['ACTIVATE']);
    const { password } = parseBody(passwordBodySchema({ special: false }), request.body);
    if (!(await consumeToken(db, row.token))) throw errors.invalidLink();
    await db.query('UPDATE accounts SET password_hash = $2, activated = TRUE WHERE id = $1', [
      row.account_id,
      await hashPassword(password),
    ]);
    return reply.status(204).send();
  });

  app.put<IdParams>('/api/accounts/:id/reset/password', async (request, reply) => {
    // Always 204 so that the answer does not tell which addresses have an account.
    const email = v.safeParse(emailSchema, request.params.id);
    if (email.success) {
      const [account] = await db.query<{ id: string; email: string }>(
        'SELECT id, email FROM accounts WHERE lower(email) = lower($1) AND NOT blocked',
        [email.output],
      );
      if (account) {
        const token = await createToken(db, config, account.id, 'PASSWORD');
        const link = `${config.publicOrigin}/en/setpassword/${token}/${encodeURIComponent(account.email)}`;
        await mailer.send(
          linkMail(
            account.email,
            'Set a new password',
            'Set a new password with this link (valid for 1 hour):',
            link,
          ),
        );
      }
    }
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/accounts/:id/password', async (request, reply) => {
    const currentPassword = header(request, 'x-authorization-password');
    if (currentPassword !== undefined) {
      const principal = await requirePrincipal(db, config, request);
      if (principal.email.toLowerCase() !== request.params.id.toLowerCase()) throw errors.forbidden();
      const { password } = parseBody(passwordBodySchema(), request.body);
      const [account] = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM accounts WHERE id = $1',
        [principal.accountId],
      );
      if (!account || !(await verifyPassword(currentPassword, account.password_hash)))
        throw errors.invalidPassword();
      const passwordHash = await hashPassword(password);
      // Whoever else knew the old password is signed out; this browser stays logged in.
      await db.transaction(async (tx) => {
        await tx.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [
          principal.accountId,
          passwordHash,
        ]);
        await tx.query('DELETE FROM sessions WHERE account_id = $1 AND id <> $2', [
          principal.accountId,
          principal.sessionId,
        ]);
      });
      return reply.status(204).send();
    }
    const row = await validToken(request, ['PASSWORD']);
    const { password } = parseBody(passwordBodySchema(), request.body);
    if (!(await consumeToken(db, row.token))) throw errors.invalidLink();
    const passwordHash = await hashPassword(password);
    // A reset by mail link ends every session: the old password may be known to someone else.
    await db.transaction(async (tx) => {
      await tx.query(
        'UPDATE accounts SET password_hash = $2, failed_logins = 0, locked_until = NULL WHERE id = $1',
        [row.account_id, passwordHash],
      );
      await tx.query('DELETE FROM sessions WHERE account_id = $1', [row.account_id]);
    });
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/accounts/:id/reset/username', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    if (principal.email.toLowerCase() !== request.params.id.toLowerCase()) throw errors.forbidden();
    const { newUsername } = parseBody(newUsernameSchema, request.body);
    const [account] = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [principal.accountId],
    );
    const currentPassword = header(request, 'x-authorization-password') ?? '';
    if (!account || !(await verifyPassword(currentPassword, account.password_hash)))
      throw errors.invalidPassword();
    const taken = await db.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1)', [newUsername]);
    if (taken.length > 0) throw new ApiError(409, 'EMAIL_EXISTS', 'E-mail address already exists.');
    const token = await createToken(db, config, principal.accountId, 'EMAIL', newUsername);
    const link = `${config.publicOrigin}/en/confirm-email/${token}/${encodeURIComponent(newUsername)}`;
    await mailer.send(
      linkMail(
        newUsername,
        'Confirm your new e-mail address',
        'Confirm your new e-mail address (valid for 24 hours):',
        link,
      ),
    );
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/accounts/:id/username', async (request, reply) => {
    const row = await validToken(request, ['EMAIL']);
    const { newUsername } = parseBody(newUsernameSchema, request.body);
    if (newUsername.toLowerCase() !== row.new_email?.toLowerCase()) throw errors.invalidLink();
    const taken = await db.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1)', [newUsername]);
    if (taken.length > 0) throw new ApiError(409, 'EMAIL_EXISTS', 'E-mail address already exists.');
    if (!(await consumeToken(db, row.token))) throw errors.invalidLink();
    await db.query('UPDATE accounts SET email = $2 WHERE id = $1', [row.account_id, newUsername]);
    return reply.status(204).send();
  });
}
