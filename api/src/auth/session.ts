import { randomBytes } from 'node:crypto';
import { subHours, subMinutes } from 'date-fns';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { errors } from '../errors.js';
import { requestCountry, requestUserAgent } from './browsers.js';
import { blocked } from './login-throttle.js';
import { isRandomId } from '../input-guards.js';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'PORTAL_SESSION';
/** Name of the readable anti-forgery cookie; its value comes back in X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Idle time after which a session ends. */
export const SESSION_IDLE_MINUTES = 30;
/** Time after login at which a session ends however active it is. */
export const SESSION_MAX_HOURS = 12;

/** The logged-in student. */
export interface Principal {
  sessionId: string;
  accountId: string;
  email: string;
  profileId: string;
  firstName: string;
  customerType: string;
  /** An administrator blocked the account: its sessions may do nothing (403). */
  blocked: boolean;
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Cookie options; Secure when the request came over https (directly or via the proxy). */
export function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure: isHttps(request) };
}

/**
 * Starts a new session (256 random bits) and sets its cookie. A session opened with a passkey names it,
 * so that removing the passkey ends the session (the row goes with the passkey's).
 */
export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  passkeyId: string | null = null,
) {
  const id = randomBytes(32).toString('base64url');
  const now = config.now();
  await deleteExpiredSessions(db, now);
  // The public id names the session on Profile's list ("Where am I logged in"); the id itself stays secret.
  await db.query(
    `INSERT INTO sessions (id, account_id, last_seen, created_at, passkey_id, public_id, user_agent, country)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [
      id,
      accountId,
      now,
      passkeyId,
      randomBytes(16).toString('hex'),
      requestUserAgent(request),
      requestCountry(request),
    ],
  );
  void reply.setCookie(SESSION_COOKIE, id, cookieOptions(request, true));
  reply.renewXsrf(id);
}

/** Removes sessions past their idle or absolute lifetime; run at every login, so the table stays small. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE last_seen <= $1 OR created_at <= $2', [
    subMinutes(now, SESSION_IDLE_MINUTES),
    subHours(now, SESSION_MAX_HOURS),
  ]);
}

/** The session's student, refreshing its idle timer; null without a live session. */
export async function findPrincipal(
  db: Db,
  config: Config,
  request: FastifyRequest,
): Promise<Principal | null> {
  const sessionId = request.cookies[SESSION_COOKIE];
  // A value this api never issued (`%00`, junk) is no session and is not looked up.
  if (!isRandomId(sessionId)) return null;
  const now = config.now();
  const rows = await db.query<Omit<Principal, 'sessionId'>>(
    `UPDATE sessions s SET last_seen = $2 FROM accounts a, profiles p
     WHERE s.id = $1 AND s.last_seen > $3 AND s.created_at > $4 AND a.id = s.account_id
       AND p.account_id = a.id
     RETURNING a.id AS "accountId", a.email, p.profile_id AS "profileId", p.first_name AS "firstName",
       p.customer_type AS "customerType", a.blocked`,
    [sessionId, now, subMinutes(now, SESSION_IDLE_MINUTES), subHours(now, SESSION_MAX_HOURS)],
  );
  const row = rows[0];
  return row ? { ...row, sessionId } : null;
}

/** The session's student, or 401 UNAUTHENTICATED (403 ACCOUNT_BLOCKED for a blocked account). */
export async function requirePrincipal(db: Db, config: Config, request: FastifyRequest): Promise<Principal> {
  const principal = await findPrincipal(db, config, request);
  if (!principal) throw errors.unauthenticated();
  if (principal.blocked) throw blocked();
  return principal;
}

/** Ends the session server-side and clears the cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (isRandomId(sessionId)) await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.renewXsrf('');
}
