import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { findAccountById } from '@app/db';
import type { Services } from '@app/runtime';

/**
 * Signed URLs for what the viewer page loads: inline `cid:` images and the image proxy. A
 * short-lived HMAC over the exact resource is what those two routes check: the proxy fetches only
 * URLs the server itself wrote into a message it rendered for this account (never an open proxy),
 * and an image URL grants that one attachment alone. The viewer's sandbox keeps allow-same-origin
 * (see viewer/render.ts), so the session cookie goes along too, but nothing relies on it. The key
 * is derived from the account's data key (itself wrapped by the master key), so every api process
 * agrees and nothing new is stored.
 */
const TTL_MS = 60 * 60_000;
const cache = new Map<number, Buffer>();

async function signingKey(services: Services, accountId: number): Promise<Buffer | null> {
  const hit = cache.get(accountId);
  if (hit) return hit;
  const { db } = services.database;
  // Never create a key for an id that is no account (the KeyStore would try to).
  if (!(await findAccountById(db, accountId))) return null;
  const k = await services.keys.accountKey(db, accountId);
  const key = Buffer.from(hkdfSync('sha256', k.parts[0]!, Buffer.alloc(0), 'viewer-url-signature', 32));
  if (cache.size > 10_000) cache.clear();
  cache.set(accountId, key);
  return key;
}

const mac = (key: Buffer, payload: string, exp: number) => createHmac('sha256', key).update(`${exp}\n${payload}`).digest('base64url');

export interface Signature {
  exp: number;
  sig: string;
}

/** A signer of payloads (resource paths or URLs) for the account; signatures last an hour. */
export async function signer(services: Services, accountId: number): Promise<(payload: string) => Signature> {
  const key = await signingKey(services, accountId);
  if (!key) throw new Error('no such account');
  const exp = Math.floor((Date.now() + TTL_MS) / 1000);
  return (payload) => ({ exp, sig: mac(key, payload, exp) });
}

export async function verify(services: Services, accountId: number, payload: string, exp: number, sig: string): Promise<boolean> {
  if (!Number.isFinite(exp) || exp * 1000 < Date.now() || !sig) return false;
  const key = await signingKey(services, accountId);
  if (!key) return false;
  const want = Buffer.from(mac(key, payload, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
