import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { blocked } from '../../auth/login-throttle.js';
import {
  authenticationBodySchema,
  challengeOf,
  consumeChallenge,
  passkeyRefused,
  relyingParty,
  storeChallenge,
  verifyPasskeyAssertion,
} from '../../auth/passkeys.js';
import { noticeLoginBrowser } from '../../auth/browsers.js';
import { startSession } from '../../auth/session.js';
import { passkeyRateLimit } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import { CEREMONY_TIMEOUT_MS } from './routes.js';
import * as store from './store.js';

/** The passkey login: a session opened by a passkey the browser holds, with no e-mail address or password. */
export async function passkeyLoginRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const limited = { config: { rateLimit: passkeyRateLimit(config) } };
  const { rpId } = relyingParty(config);

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
    const passkey = await store.findByCredentialId(db, assertion.id);
    if (!passkey) throw passkeyRefused();
    const account = await store.findLoginAccount(db, passkey.account_id);
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
