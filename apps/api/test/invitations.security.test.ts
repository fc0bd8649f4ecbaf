import { createHash } from 'node:crypto';
import { invitations, listOutboxTo } from '@app/db';
import { ACCESS_MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, freshEmail, SAME_ORIGIN, type RelayTestApp } from './access-helpers';
import { as, cookieHeader, login } from './helpers';
import { createMember, linkIn } from '@app/testing';

/** Invitation codes (docs/security.md W4): CSPRNG, stored hashed, single use, expiring, admin only. */
describe('invitations (security)', () => {
  let t: RelayTestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildWithRelay();
    admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
  });
  afterAll(() => t.close());

  async function invite(email = freshEmail()) {
    const n = t.capture.mailsTo(email).length + 1;
    const res = await admin({ method: 'PUT', url: '/api/account/1/invite', payload: { name: 'Someone', email, message: '' } });
    expect(res.statusCode).toBe(201);
    const id: number = res.json().invitations.find((i: { target: string }) => i.target === email).id;
    const { code } = linkIn(await t.capture.waitForNth(email, n), 'redeem');
    return { id, code, email };
  }

  it('stores only the SHA-256 of a 256-bit code, and the outbox holds the mail', async () => {
    const { id, code, email } = await invite();
    expect(Buffer.from(code, 'base64url').length).toBe(32);
    const [row] = await t.services.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(code);
    expect((await listOutboxTo(t.services.database.db, email)).length).toBe(1);
  });

  it('an expired code gets a 4xx and signs nobody in', async () => {
    const { id, code } = await invite();
    await t.services.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', msg: ACCESS_MSG.invalidInvitation });
    expect(res.cookies.find((c) => c.name === 'sid' && c.value)).toBeUndefined();
  });

  it('unknown and malformed codes get the same 404', async () => {
    for (const code of ['x'.repeat(43), 'short', 'bad%20chars!!!!!!!!!!!', 'A'.repeat(90)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${encodeURIComponent(code)}`, headers: SAME_ORIGIN });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().msg).toBe(ACCESS_MSG.invalidInvitation);
    }
    // Past Fastify's parameter length the router itself refuses (414), still a 4xx without detail.
    const long = await t.app.inject({ method: 'GET', url: `/api/redeem/${'A'.repeat(150)}`, headers: SAME_ORIGIN });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });

  it('two concurrent redeems of one code: exactly one wins', async () => {
    const { code } = await invite();
    const results = await Promise.all(
      [0, 1, 2].map(() => t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
  });

  it('redeeming cannot raise a role: a plain Free member, never the admin', async () => {
    const { code } = await invite();
    const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    expect(res.json().user).toMatchObject({ is_admin: false, subscription: { package_id: 1 } });
    expect(res.json().user.id).not.toBe(1);
  });

  it('a cross-site redeem is refused (it would sign the victim into another account)', async () => {
    const { code } = await invite();
    const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    // The code is still good for the real person.
    const ok = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(ok.statusCode).toBe(200);
  });

  it('redeem wants Sec-Fetch-Site: same-origin or the CSRF header (a typed or linked URL is refused)', async () => {
    const { code } = await invite();
    for (const headers of [{}, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-site' }]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'CSRF' });
    }
    const ok = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: { 'x-requested-with': 'fetch' } });
    expect(ok.statusCode).toBe(200);
  });

  it('an invitation to a member’s address is refused, and a redeem never takes over a registered account', async () => {
    const m = await createMember(t.services);
    const res = await admin({
      method: 'PUT',
      url: '/api/account/1/invite',
      payload: { name: 'Dup', email: m.account.email.toUpperCase(), message: '' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(ACCESS_MSG.emailInUse);

    // An invitation sent before the address became a member's: the redeem is refused, the claim undone.
    const email = freshEmail('late');
    const { id, code } = await invite(email);
    const { accounts } = await import('@app/db');
    await t.services.database.db.update(accounts).set({ email }).where(eq(accounts.id, m.account.id));
    const redeem = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json().msg).toBe(ACCESS_MSG.invitationForMember);
    const [row] = await t.services.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.claimedAt).toBeNull();
  });

  it('a member cannot list, send, resend or clear invitations (403), even for their own id', async () => {
    const m = await createMember(t.services);
    const member = as(t.app, await login(t.app, m.handle, m.password));
    const { id } = await invite();
    for (const accountId of [m.account.id, 1]) {
      const calls = [
        { method: 'GET' as const, url: `/api/account/${accountId}/invitations` },
        {
          method: 'PUT' as const,
          url: `/api/account/${accountId}/invite`,
          payload: { name: 'x', email: freshEmail(), message: '' },
        },
        { method: 'PUT' as const, url: `/api/account/${accountId}/invite/${id}` },
        { method: 'DELETE' as const, url: `/api/account/${accountId}/invite/${id}` },
      ];
      for (const call of calls) {
        const res = await member(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    }
    // Nothing was sent or cleared.
    const list = await admin({ method: 'GET', url: '/api/account/1/invitations' });
    expect(list.json().invitations.some((i: { id: number }) => i.id === id)).toBe(true);
  });

  it('the admin uses their own id only: another id is a 404', async () => {
    const m = await createMember(t.services);
    const res = await admin({ method: 'GET', url: `/api/account/${m.account.id}/invitations` });
    expect(res.statusCode).toBe(404);
  });

  it('the invitation body is validated', async () => {
    const bad = await admin({
      method: 'PUT',
      url: '/api/account/1/invite',
      payload: { name: 'x', email: 'not-an-email', message: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('must be a valid email address');
    const noName = await admin({
      method: 'PUT',
      url: '/api/account/1/invite',
      payload: { name: '  ', email: freshEmail(), message: '' },
    });
    expect(noName.statusCode).toBe(400);
  });

  it('a suspended invitee cannot get back in through an invitation', async () => {
    const email = freshEmail('susp');
    const { code } = await invite(email);
    const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    const id = res.json().user.id;
    const s = await admin({ method: 'POST', url: `/api/admin/users/${id}/suspend` });
    expect(s.statusCode).toBe(200);
    // Their session is over.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: cookieHeader(res) } })).statusCode,
    ).toBe(401);
    const second = await invite(email);
    expect((await t.app.inject({ method: 'GET', url: `/api/redeem/${second.code}`, headers: SAME_ORIGIN })).statusCode).toBe(404);
  });
});
