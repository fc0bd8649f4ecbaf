import { FIXED_LIMITS } from '@app/runtime';
import { countRecoveryCodes, findAccountTotp, insertResetRequest } from '@app/db';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCode } from '../src/routes/sign-in/codes';
import { as, build, cookieHeader, login, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember, type Member } from '@app/testing';

/** An authenticator app: the code of the current time step, or of a step before or after it. */
function app(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return (steps = 0) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Waits out the last seconds of a time step, so the codes a test computes belong to the step the server sees. */
async function earlyInStep(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4000) await new Promise((r) => setTimeout(r, left + 100));
}

describe('two-factor authentication (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const signIn = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/login', headers: WRITE_HEADERS, payload });

  /** A member with TOTP on, confirmed with the previous step's code (the current and next ones are still unused). */
  async function enrolled(): Promise<{
    m: Member;
    me: ReturnType<typeof as>;
    code: (steps?: number) => string;
    recovery: string[];
  }> {
    const m = await createMember(t.services);
    const me = as(t.app, await login(t.app, m.handle, m.password));
    await earlyInStep();
    const start = await me({ method: 'POST', url: `/api/account/${m.account.id}/totp` });
    const code = app(start.json().secret);
    const confirm = await me({ method: 'PUT', url: `/api/account/${m.account.id}/totp`, payload: { code: code(-1) } });
    expect(confirm.statusCode).toBe(200);
    return { m, me, code, recovery: confirm.json().recovery_codes };
  }

  it('W16: enrolment stores the secret sealed, a second start replaces a pending one, and a wrong code does not turn it on', async () => {
    const m = await createMember(t.services);
    const me = as(t.app, await login(t.app, m.handle, m.password));
    const url = `/api/account/${m.account.id}/totp`;

    const first = await me({ method: 'POST', url });
    expect(first.statusCode).toBe(200);
    const { secret, otpauth_url } = first.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url.startsWith('otpauth://totp/')).toBe(true);
    const row = (await findAccountTotp(t.services.database.db, m.account.id))!;
    expect(row.enabledAt).toBeNull();
    expect(row.secretSealed.toString('latin1')).not.toContain(secret);

    const second = (await me({ method: 'POST', url })).json();
    expect(second.secret).not.toBe(secret);
    await earlyInStep();
    const stale = await me({ method: 'PUT', url, payload: { code: app(secret)() } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect((await me({ method: 'GET', url })).json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await signIn({ handle: m.handle, password: m.password })).json().user.id).toBe(m.account.id);

    const confirm = await me({ method: 'PUT', url, payload: { code: app(second.secret)() } });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await me({ method: 'GET', url })).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Already on: no silent replacement of the secret.
    const again = await me({ method: 'POST', url });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
  });

  it('W15: the password alone answers otp_required and opens no session; a current code signs in, once', async () => {
    const { m, code } = await enrolled();
    const bare = await signIn({ handle: m.handle, password: m.password });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ success: false, otp_required: true, methods: ['totp'] });
    expect(bare.headers['set-cookie']).toBeUndefined();

    const ok = await signIn({ handle: m.handle, password: m.password, otp: code(0) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(m.account.id);
    const whoami = await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: cookieHeader(ok) } });
    expect(whoami.json().user.id).toBe(m.account.id);

    // The same code again, or the one used to confirm, is a replay.
    for (const replay of [code(0), code(-1)]) {
      const res = await signIn({ handle: m.handle, password: m.password, otp: replay });
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await signIn({ handle: m.handle, password: m.password, otp: code(1) })).statusCode).toBe(200);
  });

  it('W15: sign-ins racing with one code open one session at most', async () => {
    const { m, code } = await enrolled();
    const otp = code(0);
    const results = await Promise.all(Array.from({ length: 5 }, () => signIn({ handle: m.handle, password: m.password, otp })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('W15: a wrong code is refused with a clear message and counted by the sign-in limit', async () => {
    const { m, code } = await enrolled();
    const wrongCode = code(0) === '000000' ? '111111' : '000000';
    const first = await signIn({ handle: m.handle, password: m.password, otp: wrongCode });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(first.json().msg).toMatch(/authentication code/);
    // A wrong password with a right code is still the generic answer.
    expect((await signIn({ handle: m.handle, password: 'not-it', otp: code(0) })).json().msg).toBe(
      'Invalid username or password.',
    );
    for (let i = 2; i < FIXED_LIMITS['login:pair'].limit; i++) {
      expect((await signIn({ handle: m.handle, password: m.password, otp: wrongCode })).statusCode).toBe(401);
    }
    const limited = await signIn({ handle: m.handle, password: m.password, otp: code(0) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('W15: a recovery code signs in once, typed in any case and with or without dashes', async () => {
    const { m, me, recovery } = await enrolled();
    const [one, two] = recovery as [string, string];
    expect(one).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await signIn({ handle: m.handle, password: m.password, otp: one })).statusCode).toBe(200);
    expect((await signIn({ handle: m.handle, password: m.password, otp: one })).statusCode).toBe(401);
    const typed = two.toUpperCase().replace(/-/g, ' ');
    expect((await signIn({ handle: m.handle, password: m.password, otp: typed })).statusCode).toBe(200);
    expect((await me({ method: 'GET', url: `/api/account/${m.account.id}/totp` })).json().recovery_codes_left).toBe(8);
  });

  it('W15: a password reset keeps the second factor and opens no session by itself', async () => {
    const { m } = await enrolled();
    const { code, hash } = newCode();
    await insertResetRequest(t.services.database.db, {
      accountId: m.account.id,
      codeHash: hash,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/reset/${code}`,
      headers: WRITE_HEADERS,
      payload: { new_password: 'a-new-password-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true });
    expect(reset.json().user).toBeUndefined();
    expect(reset.headers['set-cookie']).toBeUndefined();
    expect((await findAccountTotp(t.services.database.db, m.account.id))!.enabledAt).not.toBeNull();
    expect((await signIn({ handle: m.handle, password: 'a-new-password-42' })).json()).toMatchObject({ otp_required: true });
  });

  it('turning it off takes a current code or the password, and removes the recovery codes', async () => {
    const db = t.services.database.db;
    const byCode = await enrolled();
    const url = (m: Member) => `/api/account/${m.account.id}/totp`;
    expect((await byCode.me({ method: 'DELETE', url: url(byCode.m), payload: {} })).statusCode).toBe(400);
    expect((await byCode.me({ method: 'DELETE', url: url(byCode.m), payload: { code: byCode.code(0) } })).statusCode).toBe(200);
    expect(await findAccountTotp(db, byCode.m.account.id)).toBeNull();
    expect(await countRecoveryCodes(db, byCode.m.account.id)).toBe(0);
    expect((await signIn({ handle: byCode.m.handle, password: byCode.m.password })).json().user.id).toBe(byCode.m.account.id);

    const byPassword = await enrolled();
    const wrong = await byPassword.me({ method: 'DELETE', url: url(byPassword.m), payload: { password: 'not-it' } });
    expect(wrong.statusCode).toBe(400);
    expect((await findAccountTotp(db, byPassword.m.account.id))!.enabledAt).not.toBeNull();
    expect(
      (await byPassword.me({ method: 'DELETE', url: url(byPassword.m), payload: { password: byPassword.m.password } }))
        .statusCode,
    ).toBe(200);
    expect(await countRecoveryCodes(db, byPassword.m.account.id)).toBe(0);
    expect((await byPassword.me({ method: 'GET', url: url(byPassword.m) })).json().enabled).toBe(false);
  });

  it("W3: another account's id is a 404 and changes nothing; signed out is a 401; writes need the CSRF header", async () => {
    const { m, me } = await enrolled();
    const other = await createMember(t.services);
    const theirs = `/api/account/${other.account.id}/totp`;
    for (const req of [
      { method: 'GET' as const, url: theirs },
      { method: 'POST' as const, url: theirs },
      { method: 'PUT' as const, url: theirs, payload: { code: '123456' } },
      { method: 'DELETE' as const, url: theirs, payload: { password: other.password } },
    ]) {
      expect((await me(req)).statusCode, `${req.method} ${req.url}`).toBe(404);
      const signedOut = await t.app.inject({ ...req, headers: WRITE_HEADERS });
      expect(signedOut.statusCode, `${req.method} signed out`).toBe(401);
    }
    expect(await findAccountTotp(t.services.database.db, other.account.id)).toBeNull();
    const mine = `/api/account/${m.account.id}/totp`;
    const forged = await me({
      method: 'DELETE',
      url: mine,
      payload: { password: m.password },
      headers: { 'x-requested-with': '' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await me({ method: 'GET', url: mine })).json().enabled).toBe(true);
  });
});
