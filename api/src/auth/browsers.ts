import { createHash, randomBytes } from 'node:crypto';
import { isPlainText } from '@portal/contract/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import countries from 'i18n-iso-countries';
import UAParser from 'ua-parser-js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Mailer } from '../mail/outbox.js';
import { accountMailLanguage } from '../mail/account-mails.js';
import { wasThisYouMail } from '../mail/privacy-mails.js';

/**
 * Names the browser a student logs in from (HttpOnly, twelve months): a login from a browser without
 * it, or with one her account never saw, is "a browser she has not used before".
 */
export const DEVICE_COOKIE = 'PORTAL_DEVICE';
/** Twelve months, in seconds. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The most of a User-Agent header that is kept. */
const USER_AGENT_MAX = 512;

/** The User-Agent header as kept with a session: plain text, cut to 512 characters; null without one. */
export function requestUserAgent(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  if (typeof value !== 'string' || value.trim() === '' || !isPlainText(value)) return null;
  return value.slice(0, USER_AGENT_MAX);
}

/**
 * The rough country of the request: the CDN's country header (CF-IPCountry) when it holds a real ISO
 * 3166 code, else none. The portal keeps no address database and never stores the address.
 */
export function requestCountry(request: FastifyRequest): string | null {
  const value = request.headers['cf-ipcountry'];
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code) ? code : null;
}

/** Browser and system of a User-Agent, as the user-agent library reads them ("Firefox 128", "Windows 10"). */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  const parsed = new UAParser(userAgent).getResult();
  const named = (name: string | undefined, version: string | undefined) =>
    name ? (version ? `${name} ${version}` : name) : null;
  return {
    browser: named(parsed.browser.name, parsed.browser.major),
    system: named(parsed.os.name, parsed.os.version),
  };
}

const hashOf = (device: string) => createHash('sha256').update(device).digest('hex');

/**
 * Remembers the browser of a login and renews its cookie.
 * @returns true when the account had logged in before, from other browsers only: then she is asked
 * "Was this you?". Her very first login is no news to her.
 */
export async function rememberBrowser(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<boolean> {
  const sent = request.cookies[DEVICE_COOKIE];
  const device = sent && /^[A-Za-z0-9_-]{43}$/.test(sent) ? sent : randomBytes(32).toString('base64url');
  void reply.setCookie(DEVICE_COOKIE, device, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  const inserted = await db.query<{ others: number }>(
    `WITH added AS (
       INSERT INTO known_browsers (account_id, device_hash, first_seen) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING account_id)
     SELECT (SELECT count(*)::int FROM known_browsers WHERE account_id = $1) AS others
     FROM added`,
    [accountId, hashOf(device), config.now()],
  );
  // Nothing inserted: a browser she used before. Inserted: new, and news when others came before.
  return (inserted[0]?.others ?? 0) > 0;
}

/**
 * After a login: remembers the browser, and mails the student "Was this you?" when it is one her
 * account has not seen before. The mail never fails the login.
 */
export async function noticeLoginBrowser(
  { db, config, mailer }: { db: Db; config: Config; mailer: Mailer },
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<void> {
  if (!(await rememberBrowser(db, config, request, reply, accountId))) return;
  const [account] = await db.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [
    accountId,
  ]);
  if (!account) return;
  const { browser, system } = describeUserAgent(requestUserAgent(request));
  const named = [browser ?? 'an unknown browser', system].filter(Boolean).join(' on ');
  await mailer
    .send(
      wasThisYouMail(
        account.email,
        { kind: 'new-browser', browser: named, at: config.now() },
        sessionsLink(config),
        await accountMailLanguage(db, accountId),
      ),
    )
    .catch((error: unknown) =>
      request.log.error({ err: error }, 'The new-browser notice could not be stored.'),
    );
}

/** Where a student sees her sessions: Profile's "Where am I logged in". */
export function sessionsLink(config: Config): string {
  return `${config.publicOrigin}/en/profile#sessions`;
}
