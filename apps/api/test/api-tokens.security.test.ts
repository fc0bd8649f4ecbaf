// Personal API tokens (docs/product.md §2, docs/security.md TK1–TK6), through the real API: the
// bearer header stands in for the cookie on the token's own account calls, within its scope, and
// never on account security or admin calls.
import { createHash } from 'node:crypto';
import { apiTokens } from '@app/db';
import { API_TOKEN_MSG, API_TOKEN_PREFIX, ApiTokenSchema } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, type TestApp } from './helpers';
import { createAlias, signedIn, type Client } from './alias-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function createToken(c: Client, body: Record<string, unknown>): Promise<{ token: string; id: number }> {
  const res = await c.call({ method: 'POST', url: c.url('/tokens'), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json().token, id: res.json().api_token.id };
}

/** A call with the bearer token only: no cookie, no CSRF header. */
const bearer = (token: string, opts: InjectOptions) =>
  t.app.inject({
    ...opts,
    headers: {
      authorization: `Bearer ${token}`,
      ...(opts.payload ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
  });

describe('managing tokens', () => {
  it('creates a token shown once, lists it without its secret, and revokes it', async () => {
    const c = await signedIn(t.app, t.services);
    const created = await c.call({
      method: 'POST',
      url: c.url('/tokens'),
      payload: { label: 'backup script', scope: 'read', expires: '2099-01-01' },
    });
    expect(created.statusCode).toBe(201);
    const { token, api_token, msg } = created.json();
    expect(msg).toBe(API_TOKEN_MSG.created);
    expect(token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(api_token).toMatchObject({
      label: 'backup script',
      scope: 'read',
      last_used: null,
      expires: '2099-01-01T00:00:00.000Z',
    });

    const list = await c.call({ method: 'GET', url: c.url('/tokens') });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens).toHaveLength(1);
    expect(ApiTokenSchema.strict().parse(list.json().tokens[0])).toEqual(api_token);
    expect(list.body).not.toContain(token.slice(API_TOKEN_PREFIX.length));

    const revoked = await c.call({ method: 'DELETE', url: c.url(`/tokens/${api_token.id}`) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ msg: API_TOKEN_MSG.revoked, tokens: [] });
  });

  it('refuses an expiry in the past and a bad scope', async () => {
    const c = await signedIn(t.app, t.services);
    const past = await c.call({
      method: 'POST',
      url: c.url('/tokens'),
      payload: { label: 'old', scope: 'read', expires: '2001-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toBe(API_TOKEN_MSG.expiryPast);
    const scope = await c.call({ method: 'POST', url: c.url('/tokens'), payload: { label: 'x', scope: 'admin' } });
    expect(scope.statusCode).toBe(400);
  });

  it("TK4: another account's token id is the same 404 as a missing one, and the token keeps working", async () => {
    const owner = await signedIn(t.app, t.services);
    const other = await signedIn(t.app, t.services);
    const { token, id } = await createToken(owner, { label: 'mine', scope: 'read' });
    const theirs = await other.call({ method: 'DELETE', url: other.url(`/tokens/${id}`) });
    const missing = await other.call({ method: 'DELETE', url: other.url('/tokens/2000000000') });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe(missing.json().msg);
    expect((await bearer(token, { method: 'GET', url: owner.url('/aliases') })).statusCode).toBe(200);
  });

  it('TK1: the database holds only the SHA-256 of the secret, never the secret', async () => {
    const c = await signedIn(t.app, t.services);
    const { token, id } = await createToken(c, { label: 'stored', scope: 'write' });
    const rows = await t.services.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(API_TOKEN_PREFIX.length));
  });
});

describe('calling with a token', () => {
  let c: Client;
  let read: string;
  let write: string;
  let aliasId: number;
  beforeAll(async () => {
    c = await signedIn(t.app, t.services);
    aliasId = (await createAlias(c)).id;
    read = (await createToken(c, { label: 'reader', scope: 'read' })).token;
    write = (await createToken(c, { label: 'writer', scope: 'write' })).token;
  });

  it('TK2: a read token lists aliases with no cookie, and last_used is recorded', async () => {
    const res = await bearer(read, { method: 'GET', url: c.url('/aliases') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aliases.map((a: { id: number }) => a.id)).toContain(aliasId);
    const list = await c.call({ method: 'GET', url: c.url('/tokens') });
    const reader = list.json().tokens.find((x: { label: string }) => x.label === 'reader');
    expect(reader.last_used).not.toBeNull();
  });

  it('TK2: a read token cannot change anything (403); a write token can, without cookie or CSRF header', async () => {
    const alias = (await c.call({ method: 'GET', url: c.url(`/alias/${aliasId}`) })).json().alias;
    const body = { label: null, handle: alias.handle, icon: 'star' };
    const refused = await bearer(read, { method: 'PUT', url: c.url(`/alias/${aliasId}`), payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', msg: API_TOKEN_MSG.readOnly });
    expect((await c.call({ method: 'GET', url: c.url(`/alias/${aliasId}`) })).json().alias.icon).not.toBe('star');

    const saved = await bearer(write, { method: 'PUT', url: c.url(`/alias/${aliasId}`), payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await c.call({ method: 'GET', url: c.url(`/alias/${aliasId}`) })).json().alias.icon).toBe('star');
  });

  it('TK3: never on account security: password change, token management, the profile save, two-factor, passkeys, the live stream', async () => {
    const calls: InjectOptions[] = [
      { method: 'POST', url: c.url(), payload: { password: 'Another-password-1', old_password: c.password } },
      { method: 'POST', url: c.url('/tokens'), payload: { label: 'more', scope: 'write' } },
      { method: 'GET', url: c.url('/tokens') },
      { method: 'DELETE', url: c.url('/tokens/1') },
      { method: 'POST', url: c.url('/totp'), payload: {} },
      { method: 'GET', url: c.url('/passkeys') },
      { method: 'DELETE', url: c.url() },
    ];
    for (const call of calls) {
      const res = await bearer(write, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().msg, `${call.method} ${call.url}`).toBe(API_TOKEN_MSG.securityRoute);
    }
    // The live stream lives and dies with a session (W1).
    const stream = await bearer(read, { method: 'GET', url: c.url('/events') });
    expect(stream.statusCode).toBe(403);
    expect(stream.json().msg).toBe(API_TOKEN_MSG.sessionOnly);
    // The password is unchanged: the old one still signs in.
    await expect(login(t.app, c.handle, c.password)).resolves.toBeTruthy();
  });

  it('TK3: admin and other non-account calls never accept a token, even the admin’s', async () => {
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    const created = await admin({ method: 'POST', url: '/api/account/1/tokens', payload: { label: 'admin', scope: 'write' } });
    expect(created.statusCode).toBe(201);
    const adminToken = created.json().token as string;
    for (const url of ['/api/admin/users', '/api/authenticate']) {
      const res = await bearer(adminToken, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg).toBe(API_TOKEN_MSG.accountRoutesOnly);
    }
    expect((await bearer(adminToken, { method: 'GET', url: '/api/account/1/aliases' })).statusCode).toBe(200);
  });

  it("TK4: another account's id with a valid token is the same 404 as for the cookie", async () => {
    const other = await signedIn(t.app, t.services);
    const otherAlias = await createAlias(other);
    const viaToken = await bearer(write, { method: 'GET', url: other.url('/aliases') });
    expect(viaToken.statusCode).toBe(404);
    const viaAlias = await bearer(write, { method: 'GET', url: other.url(`/alias/${otherAlias.id}`) });
    expect(viaAlias.statusCode).toBe(404);
    const mine = await bearer(write, { method: 'GET', url: c.url(`/alias/${otherAlias.id}`) });
    expect(mine.statusCode).toBe(404);
  });

  it('TK5: a revoked, an expired or an unknown token is a 401', async () => {
    const { token, id } = await createToken(c, { label: 'short-lived', scope: 'read' });
    expect((await bearer(token, { method: 'GET', url: c.url('/aliases') })).statusCode).toBe(200);
    await c.call({ method: 'DELETE', url: c.url(`/tokens/${id}`) });
    const revoked = await bearer(token, { method: 'GET', url: c.url('/aliases') });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().msg).toBe(API_TOKEN_MSG.invalid);

    const expiring = await createToken(c, {
      label: 'expiring',
      scope: 'read',
      expires: new Date(Date.now() + 3600_000).toISOString(),
    });
    await t.services.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await bearer(expiring.token, { method: 'GET', url: c.url('/aliases') })).statusCode).toBe(401);

    expect((await bearer(`${API_TOKEN_PREFIX}not-a-token`, { method: 'GET', url: c.url('/aliases') })).statusCode).toBe(401);
  });

  it('TK6: calls are rate-limited per token', async () => {
    const { token } = await createToken(c, { label: 'busy', scope: 'read' });
    let status = 200;
    for (let i = 0; i < 200 && status === 200; i++)
      status = (await bearer(token, { method: 'GET', url: c.url('/aliases') })).statusCode;
    expect(status).toBe(429);
    // Another token of the same account is not held back.
    expect((await bearer(read, { method: 'GET', url: c.url('/aliases') })).statusCode).toBe(200);
  });
});

describe('GET /api/token', () => {
  it('tells a token its account id, scope and expiry; a session or a dead token learns nothing', async () => {
    const c = await signedIn(t.app, t.services);
    const lasting = await createToken(c, { label: 'no expiry', scope: 'write' });
    const res = await bearer(lasting.token, { method: 'GET', url: '/api/token' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, api_token: { account_id: c.id, scope: 'write', expires_at: null } });

    const dated = await createToken(c, { label: 'dated', scope: 'read', expires: '2099-01-01' });
    expect((await bearer(dated.token, { method: 'GET', url: '/api/token' })).json().api_token).toEqual({
      account_id: c.id,
      scope: 'read',
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    // The id it names opens the account's paths with the same token.
    expect((await bearer(dated.token, { method: 'GET', url: `/api/account/${c.id}/aliases` })).statusCode).toBe(200);

    // A session cookie is not a token: 401 with what to send.
    const session = await c.call({ method: 'GET', url: '/api/token' });
    expect(session.statusCode).toBe(401);
    expect(session.json().msg).toBe(API_TOKEN_MSG.bearerOnly);
    // A revoked or unknown token: the same 401 as on any call.
    await c.call({ method: 'DELETE', url: c.url(`/tokens/${lasting.id}`) });
    for (const token of [lasting.token, `${API_TOKEN_PREFIX}not-a-token`]) {
      const dead = await bearer(token, { method: 'GET', url: '/api/token' });
      expect(dead.statusCode).toBe(401);
      expect(dead.json().msg).toBe(API_TOKEN_MSG.invalid);
    }
  });
});
