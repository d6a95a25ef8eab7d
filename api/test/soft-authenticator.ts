import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Cbor = Parameters<typeof isoCBOR.encode>[0];

/** What the api hands out for navigator.credentials.create/get, as far as an authenticator reads it. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

/**
 * A platform authenticator in software: one ES256 key made with node:crypto, attestation "none", and the
 * CBOR of WebAuthn written with the library's own encoder. It answers whatever it is asked, like a real one:
 * the tests change the origin, replay an answer or present another student's handle to see the api refuse.
 */
export class SoftAuthenticator {
  readonly credentialId: Buffer;
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  counter = 0;
  /** The user handle stored at registration (a discoverable credential keeps it). */
  userHandle = '';

  /** `credentialIdBytes`: the length of the credential id it makes (16, or an over-long one). */
  constructor(credentialIdBytes = 16) {
    this.credentialId = randomBytes(credentialIdBytes);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  #cosePublicKey(): Uint8Array {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const key = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  #authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      uint32(this.counter),
      ...(attested ? [attested] : []),
    ]);
  }

  /** Answers registration options (navigator.credentials.create). */
  register(options: CreationOptions, origin: string) {
    this.userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.#cosePublicKey()]);
    const authData = this.#authData(rpId, FLAG_UP | FLAG_UV | FLAG_BE | FLAG_BS | FLAG_AT, attested);
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false };
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** Answers login options (navigator.credentials.get); each answer counts up the signature counter. */
  assert(options: RequestOptions, origin: string, overrides: { userHandle?: string } = {}) {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authData = this.#authData(rpId, FLAG_UP | FLAG_UV | FLAG_BE | FLAG_BS);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: overrides.userHandle ?? this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
