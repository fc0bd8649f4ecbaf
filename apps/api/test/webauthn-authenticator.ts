// A software WebAuthn authenticator for the passkey tests: an ES256 key pair per credential made with
// node:crypto, 'none' attestation, and the CBOR it needs (the few major types WebAuthn uses).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface CeremonySite {
  origin: string;
  rpId: string;
}

const SITE: CeremonySite = { origin: 'http://localhost:3000', rpId: 'localhost' };

function authData(rpId: string, counter: number, flags: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export function newCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { id: randomBytes(32), privateKey, publicKey, counter: 0 };
}

/** `PublicKeyCredential.toJSON()` of a registration answering `options.challenge`. */
export function attest(cred: SoftCredential, challenge: string, site: Partial<CeremonySite> & { verified?: boolean } = {}) {
  const { origin, rpId } = { ...SITE, ...site };
  const jwk = cred.publicKey.export({ format: 'jwk' });
  // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(cred.id.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, cred.id, coseKey]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData(rpId, cred.counter, FLAG_UP | (site.verified === false ? 0 : FLAG_UV) | FLAG_AT, attested)],
    ]),
  );
  return {
    id: b64url(cred.id),
    rawId: b64url(cred.id),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/**
 * `PublicKeyCredential.toJSON()` of an assertion answering `challenge`; the counter grows unless told
 * otherwise, and the user is verified (PIN or biometric) unless `verified` is false.
 */
export function assert(
  cred: SoftCredential,
  challenge: string,
  opts: Partial<CeremonySite> & { counter?: number; verified?: boolean } = {},
) {
  const { origin, rpId } = { ...SITE, ...opts };
  cred.counter = opts.counter ?? cred.counter + 1;
  const data = authData(rpId, cred.counter, FLAG_UP | (opts.verified === false ? 0 : FLAG_UV));
  const client = clientData('webauthn.get', challenge, origin);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), cred.privateKey);
  return {
    id: b64url(cred.id),
    rawId: b64url(cred.id),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
