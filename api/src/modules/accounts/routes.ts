import { emailSchema, newUsernameSchema, passwordBodySchema } from '@portal/contract/validation';
import { subHours } from 'date-fns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import { checkCurrentPassword, clearThrottle } from '../../auth/login-throttle.js';
import { isEmailAddress, normalizeEmail, parseEmailAddress, sameEmail } from '../../auth/email-address.js';
import { hashPassword, isCommonPassword } from '../../auth/passwords.js';
import { requirePrincipal } from '../../auth/session.js';
import { consumeToken, createToken, findToken, hashLinkToken, revokeTokens } from '../../auth/tokens.js';
import type { TokenKind } from '../../auth/tokens.js';
import type { Db } from '../../db/db.js';
import { isRandomId } from '../../input-guards.js';
import { QUEUES } from '../../jobs/job-queue.js';
import type { JobRun } from '../../jobs/job-queue.js';
import {
  accountMailLanguage,
  confirmEmailMail,
  emailChangedMail,
  setPasswordMail,
} from '../../mail/account-mails.js';
import { authRateLimit, rateLimited } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import { endSessions } from '../sessions/store.js';
import * as store from './store.js';

type IdParams = { Params: { id: string } };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A new password from a body: the shared rules, and not one of the commonly used passwords. */
function newPassword(body: unknown, options: { special?: boolean } = {}): string {
  const { password } = parseBody(passwordBodySchema(options), body);
  if (isCommonPassword(password)) {
    throw errors.validation([{ field: 'password', code: 'validation.password.common' }]);
  }
  return password;
}

/** The account endpoints of the contract (activation, password, e-mail change). */
export async function accountRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const limited = { config: { rateLimit: authRateLimit(config) } };

  async function validToken(request: FastifyRequest<IdParams>, kinds: TokenKind[]) {
    const token = header(request, 'x-authorization-token');
    const row = isRandomId(token) ? await findToken(db, config, token, request.params.id, kinds) : null;
    if (row) return row;
    if (kinds.includes('ACTIVATE') && isRandomId(token) && (await activatedBy(token, request.params.id))) {
      throw new ApiError(
        409,
        'ALREADY_ACTIVATED',
        'This account is already activated. Log in with your e-mail address and password.',
      );
    }
    throw errors.invalidLink();
  }

  /**
   * Whether `token` is an activation link, used or not, of the account of `linkEmail` that is activated
   * already: the student who opens it again (or after activating by a newer link) is told to log in
   * rather than that the link is invalid. Only the holder of the mailed link learns this.
   */
  async function activatedBy(token: string, linkEmail: string): Promise<boolean> {
    const email = await store.activatedAccountEmail(db, hashLinkToken(token));
    return email !== undefined && sameEmail(email, linkEmail);
  }

  /**
   * Holds `address`'s mail lock until `tx` ends: counting the mails of the last hour and storing the
   * next one must not interleave for one address, or two requests counted together both pass. A
   * PostgreSQL advisory lock, so that it holds across every api process on the database.
   */
  async function lockMailAddress(tx: Db, address: string): Promise<void> {
    await store.lockForTransaction(tx, `mail:${normalizeEmail(address)}`);
  }

  /** Whether `address` may get another link mail this hour (at most `mailsPerHour`). */
  async function mayMail(tx: Db, address: string): Promise<boolean> {
    const sent = await store.mailsSince(tx, normalizeEmail(address), subHours(config.now(), 1));
    return sent < config.rateLimits.mailsPerHour;
  }

  /**
   * A reset request, run by the job queue after the answer: the link mail for the account of `email`,
   * if there is one that is not blocked and the hourly limit allows it. Safe to run twice: the mail is
   * stored with the job's id, in the transaction that makes its link.
   */
  async function mailResetLink(job: JobRun<{ email: string }>): Promise<void> {
    const stored = await db.transaction(async (tx) => {
      await lockMailAddress(tx, job.data.email);
      if (await store.jobMailed(tx, job.id)) return false;
      const account = await store.unblockedAccount(tx, normalizeEmail(job.data.email));
      if (!account || !(await mayMail(tx, account.email))) return false;
      // Only the newest link sets a password.
      await revokeTokens(tx, account.id, ['PASSWORD']);
      const token = await createToken(tx, config, account.id, 'PASSWORD');
      const link = `${config.publicOrigin}/en/setpassword/${token}/${encodeURIComponent(account.email)}`;
      const passkeys = await store.passkeyNames(tx, account.id);
      const mail = setPasswordMail(account.email, await accountMailLanguage(tx, account.id), link, passkeys);
      await mailer.store(mail, tx, job.id);
      return true;
    });
    if (stored) mailer.wake();
  }
  await mailer.jobs.work(QUEUES.passwordReset, mailResetLink);
  app.addHook('onClose', () => mailer.jobs.offWork(QUEUES.passwordReset));

  /**
   * A new password ends every mailed link that could act on the account again: reset and activation
   * links, and an e-mail change started by whoever knew the old password (its link would otherwise move
   * the account to their address after the student took it back).
   */
  async function storePassword(
    tx: Db,
    accountId: string,
    passwordHash: string,
    options: { activate?: boolean } = {},
  ) {
    await store.setPassword(tx, accountId, passwordHash, options);
    await revokeTokens(tx, accountId, ['PASSWORD', 'ACTIVATE', 'EMAIL']);
  }

  app.get<IdParams>('/api/accounts/:id/', limited, async (request) => {
    const row = await validToken(request, ['ACTIVATE', 'PASSWORD', 'EMAIL']);
    return { username: row.kind === 'EMAIL' ? (row.new_email ?? row.email) : row.email };
  });

  app.post<IdParams>('/api/accounts/:id/activate', limited, async (request, reply) => {
    const row = await validToken(request, ['ACTIVATE']);
    const password = newPassword(request.body, { special: false });
    if (!(await consumeToken(db, row.token_hash))) throw errors.invalidLink();
    const passwordHash = await hashPassword(password, config.scryptLogN);
    await db.transaction(async (tx) => {
      await storePassword(tx, row.account_id, passwordHash, { activate: true });
      await clearThrottle(tx, row.email);
    });
    return reply.status(204).send();
  });

  app.put<IdParams>('/api/accounts/:id/reset/password', limited, async (request, reply) => {
    // Always 204, and answered before anything depends on the account: neither the answer nor its
    // timing tells which addresses have an account. The request is stored as a job before the answer,
    // so a process that stops right after still leaves it to another (or to itself after a restart).
    const email = v.safeParse(emailSchema, request.params.id);
    if (email.success && isEmailAddress(normalizeEmail(email.output))) {
      await mailer.jobs.send(QUEUES.passwordReset, { email: normalizeEmail(email.output) });
      mailer.jobs.wake(QUEUES.passwordReset);
    }
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/accounts/:id/password', limited, async (request, reply) => {
    const currentPassword = header(request, 'x-authorization-password');
    if (currentPassword !== undefined) {
      const principal = await requirePrincipal(db, config, request);
      if (!sameEmail(principal.email, request.params.id)) throw errors.forbidden();
      const password = newPassword(request.body);
      await checkCurrentPassword(db, config, request, principal, currentPassword);
      const passwordHash = await hashPassword(password, config.scryptLogN);
      // Whoever else knew the old password is signed out; this browser stays logged in.
      await db.transaction(async (tx) => {
        await storePassword(tx, principal.accountId, passwordHash);
        await endSessions(tx, principal.accountId, principal.sessionId);
      });
      return reply.status(204).send();
    }
    const row = await validToken(request, ['PASSWORD']);
    const password = newPassword(request.body);
    if (!(await consumeToken(db, row.token_hash))) throw errors.invalidLink();
    const passwordHash = await hashPassword(password, config.scryptLogN);
    // A reset by mail link ends every session: the old password may be known to someone else. It proves
    // the mailbox too, so any wait that wrong guesses at the address caused ends with it.
    await db.transaction(async (tx) => {
      await storePassword(tx, row.account_id, passwordHash);
      await endSessions(tx, row.account_id);
      await clearThrottle(tx, row.email);
    });
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/accounts/:id/reset/username', limited, async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    if (!sameEmail(principal.email, request.params.id)) throw errors.forbidden();
    const newUsername = parseEmailAddress(
      parseBody(newUsernameSchema, request.body).newUsername,
      'newUsername',
    );
    await checkCurrentPassword(
      db,
      config,
      request,
      principal,
      header(request, 'x-authorization-password') ?? '',
    );
    if (await store.emailTaken(db, newUsername))
      throw new ApiError(409, 'EMAIL_EXISTS', 'E-mail address already exists.');
    await db.transaction(async (tx) => {
      await lockMailAddress(tx, newUsername);
      if (!(await mayMail(tx, newUsername))) throw rateLimited(3600);
      // Only the newest confirmation link changes the address.
      await revokeTokens(tx, principal.accountId, ['EMAIL']);
      const token = await createToken(tx, config, principal.accountId, 'EMAIL', newUsername);
      const link = `${config.publicOrigin}/en/confirm-email/${token}/${encodeURIComponent(newUsername)}`;
      const language = await accountMailLanguage(tx, principal.accountId);
      await mailer.store(confirmEmailMail(newUsername, language, link), tx);
    });
    mailer.wake();
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/accounts/:id/username', limited, async (request, reply) => {
    const row = await validToken(request, ['EMAIL']);
    const newUsername = parseEmailAddress(
      parseBody(newUsernameSchema, request.body).newUsername,
      'newUsername',
    );
    if (row.new_email == null || !sameEmail(newUsername, row.new_email)) throw errors.invalidLink();
    if (await store.emailTaken(db, newUsername))
      throw new ApiError(409, 'EMAIL_EXISTS', 'E-mail address already exists.');
    if (!(await consumeToken(db, row.token_hash))) throw errors.invalidLink();
    const principal = await requirePrincipal(db, config, request).catch(() => null);
    const notice = emailChangedMail(row.email, await accountMailLanguage(db, row.account_id), newUsername);
    await db.transaction(async (tx) => {
      await store.setEmail(tx, row.account_id, newUsername);
      // Links mailed to the old address no longer act on the account, and every other session ends.
      await revokeTokens(tx, row.account_id, ['ACTIVATE', 'PASSWORD', 'EMAIL']);
      const own = principal?.accountId === row.account_id ? principal.sessionId : '';
      await endSessions(tx, row.account_id, own);
      await mailer.store(notice, tx);
    });
    mailer.wake();
    return reply.status(204).send();
  });
}
