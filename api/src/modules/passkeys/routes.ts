import { randomBytes } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkCurrentPassword } from '../../auth/login-throttle.js';
import {
  MAX_PASSKEYS,
  RP_NAME,
  challengeOf,
  consumeChallenge,
  credentialIdFits,
  listPasskeys,
  newPasskeyId,
  passkeyExists,
  passkeyLimit,
  passkeyNotAdded,
  registrationBodySchema,
  relyingParty,
  renameBodySchema,
  storeChallenge,
  toWire,
} from '../../auth/passkeys.js';
import type { PasskeyRow } from '../../auth/passkeys.js';
import { requirePrincipal } from '../../auth/session.js';
import type { Db } from '../../db/db.js';
import { errors } from '../../errors.js';
import { accountMailLanguage } from '../../mail/account-mails.js';
import { passkeyAddedMail } from '../../mail/passkey-mails.js';
import { passkeyRateLimit } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';

type IdParams = { Params: { id: string } };

/** How long the browser waits for the authenticator (the challenge lives as long). */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

function passwordHeader(request: FastifyRequest): string {
  const value = request.headers['x-authorization-password'];
  return typeof value === 'string' ? value : '';
}

/** The passkey's row, only when it is the student's own: another student's id is simply not found. */
async function ownPasskey(db: Db, accountId: string, id: string): Promise<PasskeyRow> {
  const row = await store.findOwnPasskey(db, accountId, id);
  if (!row) throw errors.notFound('Passkey');
  return row;
}

/** The account's WebAuthn user handle: 32 random bytes made at its first passkey, never the e-mail. */
async function userHandle(db: Db, accountId: string): Promise<string> {
  const handle = await store.userHandle(db, accountId, randomBytes(32).toString('base64url'));
  if (handle === undefined) throw errors.unauthenticated();
  return handle;
}

/** The Profile's passkeys: listed, added (after the password), renamed and removed. */
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
    if (await store.credentialTaken(db, info.credential.id)) throw passkeyExists();

    const id = newPasskeyId();
    const now = config.now();
    const { row } = await db.transaction(async (tx) => {
      // Counted again in the write: two ceremonies started at 9 passkeys may not both end at 11.
      await store.lockAccount(tx, principal.accountId);
      const count = (await listPasskeys(tx, principal.accountId)).length;
      if (count >= MAX_PASSKEYS) throw passkeyLimit();
      const name = body.name ?? `Passkey ${count + 1}`;
      const inserted = await store.insertPasskey(tx, {
        id,
        accountId: principal.accountId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        backupEligible: info.credentialDeviceType === 'multiDevice',
        backedUp: info.credentialBackedUp,
        name,
        createdAt: now,
      });
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
    const row = await store.renamePasskey(db, principal.accountId, request.params.id, name);
    if (!row) throw errors.notFound('Passkey');
    return toWire(row);
  });

  // Removing a passkey deletes the sessions it opened with it (sessions.passkey_id cascades).
  app.delete<IdParams>('/api/passkeys/:id', limited, async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    await ownPasskey(db, principal.accountId, request.params.id);
    await checkCurrentPassword(db, config, request, principal, passwordHeader(request));
    await store.deletePasskey(db, principal.accountId, request.params.id);
    return reply.status(204).send();
  });
}
