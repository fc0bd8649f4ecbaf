import {
  createCipheriv,
  createHash,
  createDecipheriv,
  createSecretKey,
  randomFillSync,
  type CipherGCMTypes,
  type KeyObject,
} from 'node:crypto';
import { snippetOf, VerificationSchema, type Verification } from '@app/shared';

/**
 * Envelope encryption (docs/architecture.md §4): a master key wraps account keys, which wrap alias keys, which
 * wrap message keys. Content is sealed with AEADs and a random 96-bit nonce each time (docs/security.md W10).
 *
 * 'triple' keys seal in cascade with three independent keys and three unrelated ciphers
 * (AES-256-GCM, ChaCha20-Poly1305, ARIA-256-GCM), so a break of one cipher exposes nothing.
 */
/** What is stored of a session token or an API token: its SHA-256, never the secret (docs/security.md TK1). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type KeyScheme = 'aes' | 'triple';

export interface DataKey {
  scheme: KeyScheme;
  /** One 32-byte key per cipher layer. */
  parts: Buffer[];
}

type Aead = CipherGCMTypes | 'chacha20-poly1305' | 'aria-256-gcm';
const LAYERS: Record<KeyScheme, Aead[]> = {
  aes: ['aes-256-gcm'],
  triple: ['aes-256-gcm', 'chacha20-poly1305', 'aria-256-gcm'],
};
const NONCE = 12;
const TAG = 16;

/**
 * Keys and nonces come from a block filled by one call to the system's CSPRNG, not a call per draw:
 * at one key and a few nonces per message, those calls were about 4 % of the worker's CPU
 * (docs/performance.md §4). Each byte is handed out once, copied out and wiped from the block.
 */
const RANDOM_BLOCK = 4096;
const randomBlock = Buffer.allocUnsafeSlow(RANDOM_BLOCK);
let randomUsed = RANDOM_BLOCK;

export function freshRandom(size: number): Buffer {
  if (size > RANDOM_BLOCK) return randomFillSync(Buffer.allocUnsafeSlow(size));
  if (randomUsed + size > RANDOM_BLOCK) {
    randomFillSync(randomBlock);
    randomUsed = 0;
  }
  const out = Buffer.allocUnsafeSlow(size);
  randomBlock.copy(out, 0, randomUsed, randomUsed + size);
  randomBlock.fill(0, randomUsed, randomUsed + size);
  randomUsed += size;
  return out;
}

export function generateKey(scheme: KeyScheme): DataKey {
  return { scheme, parts: LAYERS[scheme].map(() => freshRandom(32)) };
}

/**
 * createCipheriv with a raw Buffer key spends ~25 µs preparing the key on every call (Node 24);
 * with a KeyObject it does not. Key parts are held by cached DataKeys (KeyStore), so their
 * KeyObjects are kept beside them and go with them.
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(part: Buffer): KeyObject {
  let k = keyObjects.get(part);
  if (!k) {
    k = createSecretKey(part);
    keyObjects.set(part, k);
  }
  return k;
}

function sealLayer(cipher: Aead, key: Buffer, plain: Buffer): Buffer {
  const nonce = freshRandom(NONCE);
  // chacha20-poly1305 and aria-gcm take the same authTagLength option as aes-gcm.
  const c = createCipheriv(cipher as CipherGCMTypes, keyObject(key), nonce, { authTagLength: TAG });
  const body = c.update(plain);
  // An AEAD's final() only computes the tag and returns nothing more (see openLayer).
  c.final();
  return Buffer.concat([nonce, c.getAuthTag(), body]);
}

function openLayer(cipher: Aead, key: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < NONCE + TAG) throw new Error('sealed data is too short');
  const d = createDecipheriv(cipher as CipherGCMTypes, keyObject(key), sealed.subarray(0, NONCE), { authTagLength: TAG });
  d.setAuthTag(sealed.subarray(NONCE, NONCE + TAG));
  const plain = d.update(sealed.subarray(NONCE + TAG));
  // An AEAD's final() only checks the tag (it throws on a mismatch) and returns nothing more.
  d.final();
  return plain;
}

/** Encrypts and authenticates; the output carries its own nonces and tags. */
export function seal(key: DataKey, plain: Buffer | string): Buffer {
  let out = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
  LAYERS[key.scheme].forEach((cipher, i) => {
    out = sealLayer(cipher, key.parts[i]!, out);
  });
  return out;
}

export function open(key: DataKey, sealed: Buffer): Buffer {
  let out = sealed;
  const layers = LAYERS[key.scheme];
  for (let i = layers.length - 1; i >= 0; i--) out = openLayer(layers[i]!, key.parts[i]!, out);
  return out;
}

/** A message's list preview (docs/product.md §3 Message), sealed under the message key; null when the text has none. */
export function sealSnippet(key: DataKey, text: string | null | undefined): Buffer | null {
  const snippet = snippetOf(text);
  return snippet ? seal(key, snippet) : null;
}

export function openText(key: DataKey, sealed: Buffer | null | undefined): string | null {
  return sealed ? open(key, sealed).toString('utf8') : null;
}

/** A message's verification code and link (docs/product.md §3 Message), sealed under the message key like the snippet. */
export function sealVerification(key: DataKey, verification: Verification): Buffer {
  return seal(key, JSON.stringify(verification));
}

const NO_VERIFICATION: Verification = { code: null, link: null };

/** The sealed verification code and link; none for rows stored before they were kept (or not parsed). */
export function openVerification(key: DataKey, sealed: Buffer | null | undefined): Verification {
  if (!sealed) return NO_VERIFICATION;
  const parsed = VerificationSchema.safeParse(JSON.parse(open(key, sealed).toString('utf8')));
  return parsed.success ? parsed.data : NO_VERIFICATION;
}

const SCHEME_BYTE: Record<KeyScheme, number> = { aes: 1, triple: 3 };

/** Wraps a child key under a parent key (the scheme travels inside the sealed bytes). */
export function wrapKey(parent: DataKey, child: DataKey): Buffer {
  return seal(parent, Buffer.concat([Buffer.from([SCHEME_BYTE[child.scheme]]), ...child.parts]));
}

export function unwrapKey(parent: DataKey, wrapped: Buffer): DataKey {
  const raw = open(parent, wrapped);
  const scheme: KeyScheme = raw[0] === 3 ? 'triple' : 'aes';
  const parts: Buffer[] = [];
  for (let i = 1; i < raw.length; i += 32) parts.push(raw.subarray(i, i + 32));
  if (parts.length !== LAYERS[scheme].length) throw new Error('wrapped key has the wrong length');
  return { scheme, parts };
}

export function masterKeyFrom(base64: string): DataKey {
  const k = Buffer.from(base64, 'base64');
  if (k.length !== 32) throw new Error('MASTER_KEY must be base64 of 32 bytes');
  return { scheme: 'aes', parts: [k] };
}
