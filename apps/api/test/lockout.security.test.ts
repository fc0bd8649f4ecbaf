// Lockout an attacker cannot cause (docs/security.md W19): device cookies, and short throttles that
// say how long to wait, through the real login route behind a trusted proxy.
import { FIXED_LIMITS } from '@app/runtime';
import { signInWaitMessage } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember, type Member } from '@app/testing';

/** The api sits behind a proxy at 127.0.0.1 (inject's default peer address). */
const PROXY = '127.0.0.1';

let t: TestApp;
beforeAll(async () => {
  t = await build({ TRUST_PROXY: PROXY });
});
afterAll(() => t?.close());

const login = (client: string, handle: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: PROXY,
    headers: { ...WRITE_HEADERS, 'x-forwarded-for': client, ...(cookie ? { cookie } : {}) },
    payload: { handle, password },
  });

/** The device cookie a successful sign-in set, as a Cookie header. */
function deviceCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'device');
  if (!c) throw new Error('no device cookie');
  expect(c.httpOnly).toBe(true);
  return `device=${c.value}`;
}

/**
 * 100 wrong passwords, 10 from each of 10 addresses, within one address's limit each: all are
 * checked (401) until the account's limit for unknown browsers is reached (the owner's own sign-in
 * counted one).
 */
async function attack(m: Pick<Member, 'handle'>, net: number) {
  const statuses: number[] = [];
  for (let a = 0; a < 10; a++) {
    for (let i = 0; i < FIXED_LIMITS['login:pair'].limit; i++) {
      statuses.push((await login(`203.0.${net}.${a + 1}`, m.handle, `wrong-${a}-${i}`)).statusCode);
    }
  }
  expect(statuses).toHaveLength(100);
  expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(FIXED_LIMITS['login:account'].limit - 1);
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
}

describe('lockout an attacker cannot cause (W19)', () => {
  it("the owner's device signs in after 100 failures from 10 other addresses; a client without it waits a stated number of seconds", async () => {
    const m = await createMember(t.services);
    const first = await login('198.51.100.10', m.handle, m.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);

    await attack(m, 113);

    // A browser that never signed in waits, and is told exactly how long, in seconds.
    const stranger = await login('198.51.100.99', m.handle, m.password);
    expect(stranger.statusCode).toBe(429);
    const wait = Number(stranger.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(FIXED_LIMITS['login:account'].windowMs / 1000);
    expect(stranger.json().msg).toBe(signInWaitMessage(wait));

    // The owner's browser is not: from its own address, or from a new one.
    expect((await login('198.51.100.10', m.handle, m.password, device)).statusCode).toBe(200);
    expect((await login('192.0.2.33', m.handle, m.password, device)).statusCode).toBe(200);
  });

  it('the admin, whose handle is public, keeps signing in from its device', async () => {
    const admin = { handle: 'admin', password: t.services.config.ADMIN_PASSWORD! };
    const first = await login('198.51.100.11', admin.handle, admin.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    await attack(admin, 114);
    expect((await login('198.51.100.12', admin.handle, admin.password)).statusCode).toBe(429);
    expect((await login('198.51.100.11', admin.handle, admin.password, device)).statusCode).toBe(200);
  });

  it("another account's device cookie, or a forged one, does not pass the account's throttle", async () => {
    const m = await createMember(t.services);
    const other = await createMember(t.services);
    const otherDevice = deviceCookie(await login('198.51.100.20', other.handle, other.password));
    const value = otherDevice.slice('device='.length);
    const [, issued, nonce, sig] = value.split('.');
    const forged = `device=${m.account.id}.${issued}.${nonce}.${sig}`;
    const unsigned = `device=${m.account.id}.${issued}.${nonce}.${'A'.repeat(43)}`;

    // The address's limit for this account is used up: only a valid device cookie of this account passes it.
    for (let i = 0; i < FIXED_LIMITS['login:pair'].limit; i++) {
      expect((await login('198.51.100.21', m.handle, `wrong-${i}`)).statusCode).toBe(401);
    }
    for (const cookie of [otherDevice, forged, unsigned]) {
      expect((await login('198.51.100.21', m.handle, m.password, cookie)).statusCode).toBe(429);
    }
    const own = deviceCookie(await login('198.51.100.22', m.handle, m.password));
    expect((await login('198.51.100.21', m.handle, m.password, own)).statusCode).toBe(200);
  });

  it('a device cookie buys no more guesses than the limit of its own bucket', async () => {
    const m = await createMember(t.services);
    const device = deviceCookie(await login('198.51.100.30', m.handle, m.password));
    const statuses: number[] = [];
    for (let i = 0; i <= FIXED_LIMITS['login:device'].limit; i++) {
      statuses.push((await login(`198.51.100.${40 + i}`, m.handle, `wrong-${i}`, device)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
