import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecure } from './sessions';

/**
 * Device cookies (docs/security.md W19, OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): a browser that signed in to an account keeps a signed token naming that account, and
 * its password tries count against its own bucket only, so failures from elsewhere never lock it
 * out. The signature's key is derived from the master key; nothing is stored. One cookie holds the
 * tokens of the last few accounts signed in from this browser.
 */
const MAX_AGE_S = 180 * 24 * 3600;
const MAX_ACCOUNTS = 5;
const PURPOSE = 'device-cookie';

export const deviceCookieName = (secure: boolean) => (secure ? '__Host-device' : 'device');

interface Token {
  accountId: number;
  issued: number;
  nonce: string;
}

const mac = (key: Buffer, t: Token) =>
  createHmac('sha256', key).update(`${t.accountId}.${t.issued}.${t.nonce}`).digest('base64url');

function keyOf(request: FastifyRequest): Buffer {
  return request.server.services.keys.derive(PURPOSE);
}

/** The cookie's tokens whose signature holds and which have not expired. */
function validTokens(request: FastifyRequest): Token[] {
  const raw = request.cookies[deviceCookieName(isSecure(request))];
  if (!raw) return [];
  const key = keyOf(request);
  const now = Math.floor(Date.now() / 1000);
  const tokens: Token[] = [];
  for (const part of raw.split('~').slice(0, MAX_ACCOUNTS)) {
    const [id, issued, nonce, sig] = part.split('.');
    if (!id || !issued || !nonce || !sig || !/^\d{1,12}$/.test(id) || !/^\d{1,12}$/.test(issued)) continue;
    const token = { accountId: Number(id), issued: Number(issued), nonce };
    if (token.issued + MAX_AGE_S < now) continue;
    const want = Buffer.from(mac(key, token));
    const got = Buffer.from(sig);
    if (want.length === got.length && timingSafeEqual(want, got)) tokens.push(token);
  }
  return tokens;
}

/** The nonce of this browser's valid device token for the account (its rate-limit subject), or null. */
export function deviceOf(request: FastifyRequest, accountId: number): string | null {
  return validTokens(request).find((t) => t.accountId === accountId)?.nonce ?? null;
}

/** After a full sign-in: a fresh token for the account, first in the cookie, keeping the others. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, accountId: number): void {
  const key = keyOf(request);
  const fresh: Token = { accountId, issued: Math.floor(Date.now() / 1000), nonce: randomBytes(16).toString('base64url') };
  const tokens = [fresh, ...validTokens(request).filter((t) => t.accountId !== accountId)].slice(0, MAX_ACCOUNTS);
  const secure = isSecure(request);
  reply.setCookie(deviceCookieName(secure), tokens.map((t) => `${t.accountId}.${t.issued}.${t.nonce}.${mac(key, t)}`).join('~'), {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: MAX_AGE_S,
  });
}
