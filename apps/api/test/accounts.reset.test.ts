import { listOutboxTo, resetRequests } from '@app/db';
import { ACCESS_MSG, profileFlash, RESET_LIMIT_PER_MINUTE, RULE_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, freshEmail, freshIp, TEST_PUBLIC_URL, type RelayTestApp } from './access-helpers';
import { as, cookieHeader, login, WRITE_HEADERS } from './helpers';
import { createMember, linkIn } from '@app/testing';

/** Password reset (docs/architecture.md §4, docs/security.md W6). */
describe('password reset (real API, SMTP capture relay)', () => {
  let t: RelayTestApp;
  beforeAll(async () => {
    t = await buildWithRelay();
  });
  afterAll(() => t.close());

  const ask = (email: string, ip = freshIp(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reset',
      headers: { ...WRITE_HEADERS, ...headers },
      payload: { email },
      remoteAddress: ip,
    });
  const reset = (code: string, new_password: string, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/reset/${code}`,
      headers: { ...WRITE_HEADERS, ...(cookie ? { cookie } : {}) },
      payload: { new_password },
      remoteAddress: freshIp(),
    });

  it('the mailed link resets the password, ends the old sessions and signs in', async () => {
    const m = await createMember(t.services);
    const oldCookie = await login(t.app, m.handle, m.password);
    const other = await login(t.app, m.handle, m.password);

    // A forged Host header does not leak into the link: it is built from PUBLIC_URL.
    const res = await ask(m.account.email.toUpperCase(), freshIp(), { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: ACCESS_MSG.resetRequested });
    const mail = await t.capture.waitFor(m.account.email);
    const { link, code } = linkIn(mail, 'reset');
    expect(link).toBe(`${TEST_PUBLIC_URL}/auth/reset/${code}`);
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain('1 hour');

    // A password breaking the rule gets its message and does not use up the link.
    const bad = await reset(code, 'has space 123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(profileFlash('password', RULE_MESSAGES.accountPassword));

    const ok = await reset(code, 'brand-new-password-9');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      msg: ACCESS_MSG.passwordReset,
      user: { id: m.account.id, handle: m.handle },
    });
    const fresh = cookieHeader(ok);
    expect(fresh).toContain('sid=');
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: fresh } })).statusCode).toBe(200);

    // Every older session is over.
    for (const cookie of [oldCookie, other]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } })).statusCode).toBe(401);
    }
    // New password in, old password out.
    await expect(login(t.app, m.handle, 'brand-new-password-9')).resolves.toContain('sid=');
    await expect(login(t.app, m.handle, m.password)).rejects.toThrow(/401/);

    // The link works once.
    const again = await reset(code, 'another-password-10');
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(ACCESS_MSG.invalidReset);
  });

  it('an unknown address gets the same answer and nothing is sent', async () => {
    const m = await createMember(t.services);
    const nobody = freshEmail('nobody');
    const [known, unknown] = [await ask(m.account.email), await ask(nobody)];
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await t.capture.waitFor(m.account.email);
    // Give the queue a moment, then check: no mail, no outbox row, no reset code for nobody.
    await t.services.queue.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(t.capture.mailsTo(nobody)).toEqual([]);
    expect(await listOutboxTo(t.services.database.db, nobody)).toEqual([]);
  });

  it('the 6th request in a minute for one address is refused, whatever the IP', async () => {
    const m = await createMember(t.services);
    for (let i = 0; i < RESET_LIMIT_PER_MINUTE; i++) expect((await ask(m.account.email)).statusCode).toBe(200);
    const sixth = await ask(m.account.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Unknown addresses are limited the same way (no oracle in the limit either).
    const nobody = freshEmail('nobody');
    for (let i = 0; i < RESET_LIMIT_PER_MINUTE; i++) expect((await ask(nobody)).statusCode).toBe(200);
    expect((await ask(nobody)).statusCode).toBe(429);
  });

  it('the 6th request in a minute from one IP is refused, whatever the address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RESET_LIMIT_PER_MINUTE; i++) expect((await ask(freshEmail(), ip)).statusCode).toBe(200);
    expect((await ask(freshEmail(), ip)).statusCode).toBe(429);
    expect((await ask(freshEmail(), freshIp())).statusCode).toBe(200);
  });

  it('an expired reset code gets a 4xx and changes nothing', async () => {
    const m = await createMember(t.services);
    await ask(m.account.email);
    const { code } = linkIn(await t.capture.waitFor(m.account.email), 'reset');
    await t.services.database.db
      .update(resetRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resetRequests.accountId, m.account.id));
    const res = await reset(code, 'brand-new-password-9');
    expect(res.statusCode).toBe(404);
    await expect(login(t.app, m.handle, m.password)).resolves.toContain('sid=');
  });

  it('a newer reset, or a password change, kills older codes', async () => {
    const m = await createMember(t.services);
    await ask(m.account.email);
    const first = linkIn(await t.capture.waitForNth(m.account.email, 1), 'reset').code;
    await ask(m.account.email);
    const second = linkIn(await t.capture.waitForNth(m.account.email, 2), 'reset').code;
    expect((await reset(second, 'second-password-22')).statusCode).toBe(200);
    expect((await reset(first, 'first-password-11')).statusCode).toBe(404);

    await ask(m.account.email);
    // The 3rd mail says the password was reset (docs/security.md W17); the 4th carries the third link.
    await t.capture.waitForNth(m.account.email, 4);
    const resets = t.capture.mailsTo(m.account.email).filter((mail) => /\/auth\/reset\//.test(mail.text));
    const third = linkIn(resets[2]!, 'reset').code;
    const me = as(t.app, await login(t.app, m.handle, 'second-password-22'));
    const changed = await me({
      method: 'POST',
      url: `/api/account/${m.account.id}`,
      payload: { password: 'third-password-33', old_password: 'second-password-22' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(third, 'fourth-password-44')).statusCode).toBe(404);
  });

  it('a suspended account gets the same answer and no mail', async () => {
    const m = await createMember(t.services);
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    await admin({ method: 'POST', url: `/api/admin/users/${m.account.id}/suspend` });
    const res = await ask(m.account.email);
    expect(res.json()).toEqual({ success: true, msg: ACCESS_MSG.resetRequested });
    await t.services.queue.drain();
    expect(await listOutboxTo(t.services.database.db, m.account.email)).toEqual([]);
  });

  it('validates the address and refuses a cross-site request', async () => {
    expect((await ask('not-an-email')).statusCode).toBe(400);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      headers: { ...WRITE_HEADERS, 'sec-fetch-site': 'cross-site' },
      payload: { email: freshEmail() },
    });
    expect(cross.statusCode).toBe(403);
  });
});
