import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { findAccountById, findLiveSessionById } from '@app/db';
import type { Services } from '@app/runtime';
import { SESSION_MAX_AGE_MS } from '../sign-in/sessions';

/**
 * Signed URLs for what the viewer page loads: inline `cid:` images and the image proxy. A
 * short-lived HMAC over the exact resource is what those two routes check: the proxy fetches only
 * URLs the server itself wrote into a message it rendered for this account (never an open proxy),
 * and an image URL grants that one attachment alone. The viewer's sandbox keeps allow-same-origin
 * (see viewer/render.ts), so the session cookie goes along too, but nothing relies on it. A
 * signature is bound to the session that opened the viewer and to the message (docs/security.md H6, W1):
 * it expires in minutes, and it dies with its session (logout, password reset, suspension delete
 * the session row, which every check reads). The key is derived from the account's data key
 * (itself wrapped by the master key), so every api process agrees and nothing new is stored.
 */
const TTL_MS = 10 * 60_000;
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

const mac = (key: Buffer, sessionId: number, payload: string, exp: number) =>
  createHmac('sha256', key).update(`${sessionId}\n${exp}\n${payload}`).digest('base64url');

/** Who a signature was made for: the account and the session that opened the viewer. */
export interface Signer {
  accountId: number;
  sessionId: number;
}

/** A signer of payloads (resource paths or URLs, each naming its message); returns the URL's query. */
export async function signer(services: Services, who: Signer): Promise<(payload: string) => string> {
  const key = await signingKey(services, who.accountId);
  if (!key) throw new Error('no such account');
  const exp = Math.floor((Date.now() + TTL_MS) / 1000);
  return (payload) => `exp=${exp}&sig=${mac(key, who.sessionId, payload, exp)}&s=${who.sessionId}`;
}

export async function verify(services: Services, who: Signer, payload: string, exp: number, sig: string): Promise<boolean> {
  if (!Number.isFinite(exp) || exp * 1000 < Date.now() || !sig) return false;
  const key = await signingKey(services, who.accountId);
  if (!key) return false;
  const want = Buffer.from(mac(key, who.sessionId, payload, exp));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
  const session = await findLiveSessionById(services.database.db, who.sessionId, new Date(Date.now() - SESSION_MAX_AGE_MS));
  return session?.accountId === who.accountId;
}
