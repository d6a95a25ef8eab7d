import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkCurrentPassword, blocked } from '../auth/login-throttle.js';
import {
  MAX_PASSKEYS,
  RP_NAME,
  authenticationBodySchema,
  challengeOf,
  consumeChallenge,
  credentialIdFits,
  listPasskeys,
  newPasskeyId,
  passkeyExists,
  passkeyLimit,
  passkeyNotAdded,
  passkeyRefused,
  registrationBodySchema,
  relyingParty,
  renameBodySchema,
  storeChallenge,
  toWire,
  verifyPasskeyAssertion,
} from '../auth/passkeys.js';
import type { PasskeyRow } from '../auth/passkeys.js';
import { noticeLoginBrowser } from '../auth/browsers.js';
import { requirePrincipal, startSession } from '../auth/session.js';
import type { Db } from '../db/db.js';
import { errors } from '../errors.js';
import { accountMailLanguage } from '../mail/account-mails.js';
import { passkeyAddedMail } from '../mail/passkey-mails.js';
import { passkeyRateLimit } from '../rate-limits.js';
import { parseBody } from '../validate.js';
import type { RouteContext } from './context.js';

type IdParams = { Params: { id: string } };

/** How long the browser waits for the authenticator (the challenge lives as long). */
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

function passwordHeader(request: FastifyRequest): string {
  const value = request.headers['x-authorization-password'];
  return typeof value === 'string' ? value : '';
}

/** The passkey's row, only when it is the student's own: another student's id is simply not found. */
async function ownPasskey(db: Db, accountId: string, id: string): Promise<PasskeyRow> {
  const [row] = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1 AND account_id = $2', [
    id,
    accountId,
  ]);
  if (!row) throw errors.notFound('Passkey');
  return row;
}

/** The account's WebAuthn user handle: 32 random bytes made at its first passkey, never the e-mail. */
async function userHandle(db: Db, accountId: string): Promise<string> {
  const [row] = await db.query<{ passkey_user_id: string }>(
    `UPDATE accounts SET passkey_user_id = COALESCE(passkey_user_id, $2) WHERE id = $1
     RETURNING passkey_user_id`,
    [accountId, randomBytes(32).toString('base64url')],
  );
  if (!row) throw errors.unauthenticated();
  return row.passkey_user_id;
}

interface LoginAccountRow {
  id: string;
  passkey_user_id: string | null;
  activated: boolean;
  blocked: boolean;
  first_name: string;
  profile_id: string;
}

/** The Profile's passkeys and the passkey login. */
export async function passkeyRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const limited = { config: { rateLimit: passkeyRateLimit(config) } };
  const { origin, rpId } = relyingParty(config);

  app.get('/api/passkeys', async (request) => {
    const principal = await requirePrincipal(db, config, request);
    return (await listPasskeys(db, principal.accountId)).map(toWire);
  });

  // Step 1 of adding a passkey: the current password, then the options the browser creates it with.
  app.post('/api/passkeys/registration/options', limited, async (request) => {
    const principal = await requirePrincipal(db, config, request);
    await checkCurrentPassword(db, config, request, principal, passwordHeader(request));
    const existing = await listPasskeys(db, principal.accountId);
    if (existing.length >= MAX_PASSKEYS) throw passkeyLimit();
    const handle = await userHandle(db, principal.accountId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpId,
      userName: principal.email,
      userDisplayName: principal.firstName,
      userID: Buffer.from(handle, 'base64url'),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      // Discoverable, so that the login needs no e-mail address; verified, as it replaces the password.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: row.transports as AuthenticatorTransport[],
      })),
    });
    await storeChallenge(db, config, options.challenge, 'REGISTER', principal.accountId);
    return options;
  });

  // Step 2: the browser's answer. Its challenge must be one this student was given, live and unused.
  app.post('/api/passkeys', limited, async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    const body = parseBody(registrationBodySchema, request.body);
    const challenge = challengeOf(body.response.response.clientDataJSON);
    if (!challenge || !(await consumeChallenge(db, config, challenge, 'REGISTER', principal.accountId))) {
      throw passkeyNotAdded();
    }
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: true,
      });
    } catch (error) {
      request.log.info({ err: error }, 'A passkey registration was refused');
      throw passkeyNotAdded();
    }
    if (!verification.verified) throw passkeyNotAdded();
    const info = verification.registrationInfo;
    // The id inside the attestation is the one stored and indexed, whatever `response.id` said.
    if (!credentialIdFits(info.credential.id)) throw passkeyNotAdded();
    const taken = await db.query('SELECT 1 FROM passkeys WHERE credential_id = $1', [info.credential.id]);
    if (taken.length > 0) throw passkeyExists();

    const id = newPasskeyId();
    const now = config.now();
    const { row } = await db.transaction(async (tx) => {
      // Counted again in the write: two ceremonies started at 9 passkeys may not both end at 11.
      await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [principal.accountId]);
      const count = (await listPasskeys(tx, principal.accountId)).length;
      if (count >= MAX_PASSKEYS) throw passkeyLimit();
      const name = body.name ?? `Passkey ${count + 1}`;
      const [inserted] = await tx.query<PasskeyRow>(
        `INSERT INTO passkeys (id, account_id, credential_id, public_key, counter, transports, backup_eligible,
           backed_up, name, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (credential_id) DO NOTHING RETURNING *`,
        [
          id,
          principal.accountId,
          info.credential.id,
          Buffer.from(info.credential.publicKey),
          info.credential.counter,
          info.credential.transports ?? [],
          info.credentialDeviceType === 'multiDevice',
          info.credentialBackedUp,
          name,
          now,
        ],
      );
      if (!inserted) throw passkeyExists();
      const notice = passkeyAddedMail(
        principal.email,
        name,
        `${config.publicOrigin}/en/profile`,
        await accountMailLanguage(tx, principal.accountId),
      );
      await mailer.store(notice, tx);
      return { row: inserted };
    });
    mailer.wake();
    return reply.status(201).send(toWire(row));
  });

  app.patch<IdParams>('/api/passkeys/:id', async (request) => {
    const principal = await requirePrincipal(db, config, request);
    const { name } = parseBody(renameBodySchema, request.body);
    await ownPasskey(db, principal.accountId, request.params.id);
    const [row] = await db.query<PasskeyRow>(
      'UPDATE passkeys SET name = $3 WHERE id = $1 AND account_id = $2 RETURNING *',
      [request.params.id, principal.accountId, name],
    );
    if (!row) throw errors.notFound('Passkey');
    return toWire(row);
  });

  // Removing a passkey deletes the sessions it opened with it (sessions.passkey_id cascades).
  app.delete<IdParams>('/api/passkeys/:id', limited, async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    await ownPasskey(db, principal.accountId, request.params.id);
    await checkCurrentPassword(db, config, request, principal, passwordHeader(request));
    await db.query('DELETE FROM passkeys WHERE id = $1 AND account_id = $2', [
      request.params.id,
      principal.accountId,
    ]);
    return reply.status(204).send();
  });

  // The login: no e-mail address, the browser offers the passkeys it holds for this site (discoverable).
  app.post('/api/passkeys/login/options', limited, async () => {
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
    });
    await storeChallenge(db, config, options.challenge, 'LOGIN', null);
    return options;
  });

  app.post('/api/passkeys/login', limited, async (request, reply) => {
    const body = parseBody(authenticationBodySchema, request.body);
    const assertion = body.response as AuthenticationResponseJSON;
    const challenge = challengeOf(assertion.response.clientDataJSON);
    // Every refusal is the same 401: it tells nothing about which passkeys or accounts exist.
    if (!challenge || !(await consumeChallenge(db, config, challenge, 'LOGIN', null))) throw passkeyRefused();
    const [passkey] = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = $1', [
      assertion.id,
    ]);
    if (!passkey) throw passkeyRefused();
    const [account] = await db.query<LoginAccountRow>(
      `SELECT a.id, a.passkey_user_id, a.activated, a.blocked, p.first_name, p.profile_id
       FROM accounts a JOIN profiles p ON p.account_id = a.id WHERE a.id = $1`,
      [passkey.account_id],
    );
    // The authenticator names the account it holds the key for: a key presented for another student's
    // account (a copied credential id, a user handle of someone else) is not this passkey's login.
    if (!account?.passkey_user_id || assertion.response.userHandle !== account.passkey_user_id) {
      throw passkeyRefused();
    }
    await verifyPasskeyAssertion(db, config, passkey, assertion, challenge, {
      refusal: passkeyRefused,
      onRefused: (error) => request.log.info({ err: error }, 'A passkey login was refused'),
      beforeUse: () => {
        if (account.blocked) throw blocked();
        if (!account.activated) throw passkeyRefused();
      },
    });
    await startSession(db, config, request, reply, account.id, passkey.id);
    await noticeLoginBrowser({ db, config, mailer }, request, reply, account.id);
    return { firstName: account.first_name, profileId: account.profile_id };
  });
}
