import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@app/db';
import { eq } from 'drizzle-orm';
import { as, build, cookieHeader, login, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember } from '@app/testing';

describe('sessions and CSRF (docs/security.md W1, W2, W7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('stores passwords as argon2id with m >= 19456 KiB and t >= 2', async () => {
    // Through the password change route: members made by the test kit carry a cheaper hash.
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const saved = await as(
      t.app,
      cookie,
    )({
      method: 'POST',
      url: `/api/account/${m.account.id}`,
      payload: { password: 'new-password-1', old_password: m.password },
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.services.database.db.select().from(accounts).where(eq(accounts.id, m.account.id));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.passwordHash!);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
  });

  it('stores only a hash of the session token', async () => {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const token = cookie.split('=')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const rows = await t.services.database.db.query.sessions.findMany({ where: (s, { eq }) => eq(s.accountId, m.account.id) });
    expect(rows.length).toBe(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('issues a new token at every sign-in', async () => {
    const m = await createMember(t.services);
    const a = await login(t.app, m.handle, m.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...WRITE_HEADERS, cookie: a },
      payload: { handle: m.handle, password: m.password },
    });
    const b = cookieHeader(res);
    expect(b).not.toBe(a);
    // The session the old cookie named is gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: a } })).statusCode).toBe(401);
  });

  it('refuses writes without X-Requested-With or from a cross-site context', async () => {
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { handle: 'admin', password: 'admin-password-1' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ success: false, code: 'CSRF' });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...WRITE_HEADERS, 'sec-fetch-site': 'cross-site' },
      payload: { handle: 'admin', password: 'admin-password-1' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('an unapproved account is signed in but held back from member calls', async () => {
    const m = await createMember(t.services, { approved: false });
    const cookie = await login(t.app, m.handle, m.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } });
    expect(me.json()).toMatchObject({ success: true, user: { approved: null } });
  });

  it('API responses are not cached and carry nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/init' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
