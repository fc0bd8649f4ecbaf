import {
  ACCESS_MSG,
  ACCOUNT_HANDLE_PATTERN,
  ACCOUNT_PASSWORD_PATTERN,
  FLASH,
  PROFILE_MSG,
  profileFlash,
  RULE_MESSAGES,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, type TestApp } from './helpers';
import { createMember, type Member } from '@app/testing';

/** Profile (docs/product.md §2, §5, §8): each field's rules and flashes, through the real API. */
describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  async function signIn(): Promise<{
    m: Member;
    me: ReturnType<typeof as>;
    cookie: string;
    save: (payload: object) => ReturnType<ReturnType<typeof as>>;
  }> {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const me = as(t.app, cookie);
    return { m, me, cookie, save: (payload) => me({ method: 'POST', url: `/api/account/${m.account.id}`, payload }) };
  }

  it('changes the name without a password', async () => {
    const { save } = await signIn();
    const res = await save({ name: '  Grace Hopper  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, msg: ACCESS_MSG.nameSaved, user: { name: 'Grace Hopper' } });
    const empty = await save({ name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(PROFILE_MSG.name);
  });

  it('username: current password required, rule message, wrong password, taken, then saved', async () => {
    const { m, save } = await signIn();
    const missing = await save({ handle: 'new_handle_1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, msg: FLASH.needPasswordForUsername });

    for (const handle of ['abc', 'bad-handle', 'x'.repeat(65)]) {
      const res = await save({ handle, old_password: m.password });
      expect(res.json().msg, handle).toBe(profileFlash('username', RULE_MESSAGES.accountHandle));
    }
    const wrong = await save({ handle: 'new_handle_1', old_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, msg: ACCESS_MSG.wrongCurrentPassword });

    const other = await createMember(t.services);
    const taken = await save({ handle: other.handle.toUpperCase(), old_password: m.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(ACCESS_MSG.handleTaken);

    const handle = `renamed_${m.account.id}`;
    const ok = await save({ handle, old_password: m.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, msg: ACCESS_MSG.usernameSaved, user: { handle } });
    await expect(login(t.app, handle, m.password)).resolves.toContain('sid=');
  });

  it('password: current password required, rule message, wrong password; saving ends the other sessions only', async () => {
    const { m, save, cookie } = await signIn();
    const elsewhere = await login(t.app, m.handle, m.password);
    expect((await save({ password: 'new-password-1' })).json().msg).toBe(FLASH.needPasswordForPassword);
    expect((await save({ password: 'short', old_password: m.password })).json().msg).toBe(
      profileFlash('password', RULE_MESSAGES.accountPassword),
    );
    const wrong = await save({ password: 'new-password-1', old_password: 'nope-nope-nope' });
    expect(wrong.json()).toMatchObject({ success: false, msg: ACCESS_MSG.wrongCurrentPassword });
    await expect(login(t.app, m.handle, m.password)).resolves.toContain('sid=');

    const ok = await save({ password: 'new-password-1', old_password: m.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe(ACCESS_MSG.passwordSaved);
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: elsewhere } })).statusCode).toBe(
      401,
    );
    await expect(login(t.app, m.handle, 'new-password-1')).resolves.toContain('sid=');
  });

  it('a 64-character password round-trips and its last character matters (W7)', async () => {
    const { m, save } = await signIn();
    const long = 'p'.repeat(63) + 'Z';
    expect((await save({ password: long, old_password: m.password })).statusCode).toBe(200);
    await expect(login(t.app, m.handle, long)).resolves.toContain('sid=');
    await expect(login(t.app, m.handle, 'p'.repeat(63) + 'Y')).rejects.toThrow(/401/);
  });

  it('email: current password required, rule message, then the permanent notice; nothing changes', async () => {
    const { m, me, save } = await signIn();
    expect((await save({ email: 'new@example.com' })).json().msg).toBe(FLASH.needPasswordForEmail);
    expect((await save({ email: 'nope', old_password: m.password })).json().msg).toBe(profileFlash('email', RULE_MESSAGES.email));
    const res = await save({ email: 'new@example.com', old_password: m.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: FLASH.cannotChangeEmail });
    expect((await me({ method: 'GET', url: '/api/authenticate' })).json().user.email).toBe(m.account.email);
  });

  it('phone: saved, cleared, or refused with its message', async () => {
    const { save } = await signIn();
    expect((await save({ mobile: '+1 (555) 010-2030' })).json()).toMatchObject({
      msg: ACCESS_MSG.mobileSaved,
      user: { mobile: '+1 (555) 010-2030' },
    });
    expect((await save({ mobile: 'call me' })).json().msg).toBe(PROFILE_MSG.mobile);
    expect((await save({ mobile: '' })).json().user.mobile).toBeNull();
  });

  it('wrong current passwords are rate limited per account', async () => {
    const { m, save } = await signIn();
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await save({ handle: 'whatever_1', old_password: `wrong-${i}` })).statusCode;
    expect(last).toBe(429);
    // Even the right password waits now.
    expect((await save({ handle: 'whatever_1', old_password: m.password })).statusCode).toBe(429);
  });

  it('generates a username, a password and a name that pass the rules', async () => {
    const { m, me } = await signIn();
    const gen = (what: string) => me({ method: 'GET', url: `/api/account/${m.account.id}/generate/${what}` });
    const h = (await gen('handle')).json();
    expect(h.success).toBe(true);
    expect(h.handle).toMatch(ACCOUNT_HANDLE_PATTERN);
    const p = (await gen('password')).json();
    expect(p.password).toMatch(ACCOUNT_PASSWORD_PATTERN);
    expect(p.password.length).toBeGreaterThanOrEqual(16);
    expect((await gen('password')).json().password).not.toBe(p.password);
    const n = (await gen('name')).json();
    expect(n.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });

  it("another account's id is a 404; signed out is a 401", async () => {
    const { me } = await signIn();
    const other = await createMember(t.services);
    for (const req of [
      { method: 'POST' as const, url: `/api/account/${other.account.id}`, payload: { name: 'x' } },
      { method: 'GET' as const, url: `/api/account/${other.account.id}/generate/handle` },
      { method: 'GET' as const, url: `/api/account/999999/generate/name` },
    ]) {
      expect((await me(req)).statusCode, req.url).toBe(404);
      expect((await t.app.inject(req)).statusCode, req.url).toBe(req.method === 'POST' ? 403 : 401);
    }
  });
});
