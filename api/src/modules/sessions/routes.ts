import { isPlainText } from '@portal/contract/validation';
import type { FastifyInstance } from 'fastify';
import { ApiError, errors } from '../../errors.js';
import {
  blocked,
  checkThrottle,
  countFailure,
  countSuccess,
  rehashIfNeeded,
  throttleClient,
} from '../../auth/login-throttle.js';
import { parseEmailAddress } from '../../auth/email-address.js';
import { dummyHash, verifyPassword } from '../../auth/passwords.js';
import { authRateLimit } from '../../rate-limits.js';
import { noticeLoginBrowser } from '../../auth/browsers.js';
import { endSession, findPrincipal, startSession } from '../../auth/session.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid credentials.');

function parseBasic(header: string | undefined): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const typed = decoded.slice(0, colon);
  // A control character or broken Unicode can be in no account's address; the database would refuse it.
  if (!isPlainText(typed)) throw errors.validation([{ field: 'email', code: 'validation.text.invalid' }]);
  // The account, the wrong-password counters and the waits all go by the one normal form.
  return { email: parseEmailAddress(typed), password: decoded.slice(colon + 1) };
}

/** POST /api/login, GET /api/checksession, GET /api/logout. */
export async function authRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  const { db, config } = context;
  app.post('/api/login', { config: { rateLimit: authRateLimit(config) } }, async (request, reply) => {
    const credentials = parseBasic(request.headers.authorization);
    if (!credentials) throw invalidCredentials();
    // A client that guessed too often waits (429), whatever it sends now; no other client does.
    const client = throttleClient(request);
    await checkThrottle(db, config, credentials.email, client);
    const account = await store.findLoginAccount(db, credentials.email);
    // Hash anyway so that an unknown address takes as long as a wrong password.
    const valid = await verifyPassword(
      credentials.password,
      account?.password_hash ?? dummyHash(config.scryptLogN),
    );
    // A wrong password gets the same answer for an unknown, a blocked and any other account: "blocked"
    // is said only to whoever knows the password, or it would tell which addresses have an account.
    if (!account || !valid) {
      await countFailure(db, config, credentials.email, client);
      throw invalidCredentials();
    }
    if (account.blocked) throw blocked();
    if (!account.activated) throw invalidCredentials();
    await countSuccess(db, credentials.email, client);
    await rehashIfNeeded(db, config, account.id, credentials.password, account.password_hash);
    await startSession(db, config, request, reply, account.id);
    await noticeLoginBrowser(context, request, reply, account.id);
    return { firstName: account.first_name, profileId: account.profile_id };
  });

  app.get('/api/checksession', async (request) => {
    const principal = await findPrincipal(db, config, request);
    if (!principal) throw errors.unauthenticated();
    if (principal.blocked) throw blocked();
    return { firstName: principal.firstName, profileId: principal.profileId };
  });

  app.get('/api/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return reply.status(204).send();
  });
}
