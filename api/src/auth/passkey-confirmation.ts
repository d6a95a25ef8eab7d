import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../errors.js';
import { blocked } from './login-throttle.js';
import {
  CHALLENGE_MINUTES,
  challengeOf,
  consumeChallenge,
  listPasskeys,
  passkeyNotConfirmed,
  relyingParty,
  storeChallenge,
  verifyPasskeyAssertion,
} from './passkeys.js';
import type { PasskeyRow } from './passkeys.js';

export const noPasskey = () =>
  new ApiError(409, 'NO_PASSKEY', 'You have no passkeys. Confirm with your password.');

/**
 * A passkey instead of the password again, for a step that asks for it ("Download my data"). The
 * options name the student's own passkeys only; the challenge is stored for her account, lives
 * {@link CHALLENGE_MINUTES} minutes and is used once. A student without passkeys gets 409 `NO_PASSKEY`.
 */
export async function passkeyConfirmationOptions(
  db: Db,
  config: Config,
  accountId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = await listPasskeys(db, accountId);
  // Options without any of hers would let the browser offer any passkey it holds for the portal.
  if (own.length === 0) throw noPasskey();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpId,
    userVerification: 'required',
    timeout: CHALLENGE_MINUTES * 60_000,
    allowCredentials: own.map((row) => ({
      id: row.credential_id,
      transports: row.transports as AuthenticatorTransport[],
    })),
  });
  await storeChallenge(db, config, options.challenge, 'CONFIRM', accountId);
  return options;
}

/**
 * Checks an assertion made for {@link passkeyConfirmationOptions}: a live, unused challenge handed to
 * this account, one of her own passkeys, her user handle, a valid signature with user verification and
 * a counter that grew. Every refusal is the same 401 (`PASSKEY_NOT_RECOGNISED`).
 */
export async function confirmWithPasskey(
  db: Db,
  config: Config,
  accountId: string,
  assertion: AuthenticationResponseJSON,
  log: (error: unknown) => void,
): Promise<void> {
  const challenge = challengeOf(assertion.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, config, challenge, 'CONFIRM', accountId))) {
    throw passkeyNotConfirmed();
  }
  // Another student's passkey is not found here: only her own are looked up.
  const [passkey] = await db.query<PasskeyRow & { passkey_user_id: string | null; blocked: boolean }>(
    `SELECT p.*, a.passkey_user_id, a.blocked FROM passkeys p JOIN accounts a ON a.id = p.account_id
     WHERE p.credential_id = $1 AND p.account_id = $2`,
    [assertion.id, accountId],
  );
  if (!passkey) throw passkeyNotConfirmed();
  const handle = assertion.response.userHandle;
  if (handle !== undefined && handle !== passkey.passkey_user_id) throw passkeyNotConfirmed();
  await verifyPasskeyAssertion(db, config, passkey, assertion, challenge, {
    refusal: passkeyNotConfirmed,
    onRefused: log,
    beforeUse: () => {
      if (passkey.blocked) throw blocked();
    },
  });
}
