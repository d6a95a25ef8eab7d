import { addMinutes } from 'date-fns';
import { isPlainText } from '@portal/shared/validation';
import type { FastifyInstance } from 'fastify';
import { ApiError, errors } from '../errors.js';
import { verifyPassword } from '../auth/passwords.js';
import { endSession, findPrincipal, startSession } from '../auth/session.js';
import type { RouteContext } from './context.js';

/** Failed logins in a row that block an account. */
export const MAX_FAILED_LOGINS = 5;
/** How long such a block lasts. */
export const LOCK_MINUTES = 15;

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid credentials.');
const blocked = () =>
  new ApiError(403, 'ACCOUNT_BLOCKED', 'Your account is blocked, please try again later.');

function parseBasic(header: string | undefined): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const email = decoded.slice(0, colon).trim();
  // A control character or broken Unicode can be in no account's address; the database would refuse it.
  if (!isPlainText(email)) throw errors.validation([{ field: 'email', code: 'validation.text.invalid' }]);
  return { email, password: decoded.slice(colon + 1) };
}

interface AccountRow {
  id: string;
  password_hash: string;
  activated: boolean;
  blocked: boolean;
  failed_logins: number;
  locked_until: Date | null;
  first_name: string;
  profile_id: string;
}

/** POST /api/login, GET /api/checksession, GET /api/logout. */
export async function authRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  app.post('/api/login', async (request, reply) => {
    const credentials = parseBasic(request.headers.authorization);
    if (!credentials) throw invalidCredentials();
    const [account] = await db.query<AccountRow>(
      `SELECT a.*, p.first_name, p.profile_id FROM accounts a JOIN profiles p ON p.account_id = a.id
       WHERE lower(a.email) = lower($1)`,
      [credentials.email],
    );
    // Hash anyway so that an unknown address takes as long as a wrong password.
    const valid = await verifyPassword(credentials.password, account?.password_hash ?? 'scrypt$00$00');
    if (!account) throw invalidCredentials();
    const now = config.now();
    if (account.blocked || (account.locked_until && new Date(account.locked_until) > now)) throw blocked();
    if (!valid) {
      // Counted in one statement: parallel wrong guesses each add one instead of all writing the same
      // read-then-incremented value, which would let an attacker try far more than MAX_FAILED_LOGINS.
      const [counted] = await db.query<{ failed_logins: number }>(
        'UPDATE accounts SET failed_logins = failed_logins + 1 WHERE id = $1 RETURNING failed_logins',
        [account.id],
      );
      if ((counted?.failed_logins ?? 0) >= MAX_FAILED_LOGINS) {
        await db.query('UPDATE accounts SET failed_logins = 0, locked_until = $2 WHERE id = $1', [
          account.id,
          addMinutes(now, LOCK_MINUTES),
        ]);
        throw blocked();
      }
      throw invalidCredentials();
    }
    if (!account.activated) throw invalidCredentials();
    // Checked again in the write: parallel wrong guesses may have locked the account since it was read.
    const unlocked = await db.query(
      `UPDATE accounts SET failed_logins = 0, locked_until = NULL
       WHERE id = $1 AND (locked_until IS NULL OR locked_until <= $2) RETURNING id`,
      [account.id, now],
    );
    if (unlocked.length === 0) throw blocked();
    await startSession(db, config, request, reply, account.id);
    return { firstName: account.first_name, profileId: account.profile_id };
  });

  app.get('/api/checksession', async (request) => {
    const principal = await findPrincipal(db, config, request);
    if (!principal) throw errors.unauthenticated();
    return { firstName: principal.firstName, profileId: principal.profileId };
  });

  app.get('/api/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return reply.status(204).send();
  });
}
