// A reset or a password change ends everything reached with the old secret (docs/security.md W18),
// through the real API with a local SMTP capture relay for the reset mails.
import { passkeys } from '@app/db';
import { ACCESS_MSG, API_TOKEN_MSG, CREDENTIAL_CHANGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, freshIp, type RelayTestApp } from './access-helpers';
import { as, login, WRITE_HEADERS } from './helpers';
import { addPasskey, passkeyLogin } from './passkey-ceremony';
import { createMember, linkIn, type Member } from '@app/testing';

let t: RelayTestApp;
beforeAll(async () => {
  // The software authenticator answers for http://localhost:3000.
  t = await buildWithRelay({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => t.close());

const bearer = (token: string, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });

async function signedIn(m: Member) {
  const cookie = await login(t.app, m.handle, m.password);
  return { cookie, call: as(t.app, cookie), url: (path = '') => `/api/account/${m.account.id}${path}` };
}

async function mintToken(call: ReturnType<typeof as>, url: string, label: string): Promise<{ token: string; id: number }> {
  const res = await call({ method: 'POST', url, payload: { label, scope: 'read' } });
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json().token, id: res.json().api_token.id };
}

/** Sets a passkey's creation time back past REAUTH_WINDOW_MS: one the owner added long ago. */
async function ageing(passkeyId: number): Promise<void> {
  await t.services.database.db
    .update(passkeys)
    .set({ createdAt: new Date(Date.now() - 3600_000) })
    .where(eq(passkeys.id, passkeyId));
}

/** Asks for a reset link and returns its code (the nth reset mail to the account). */
async function resetCode(m: Member, n: number): Promise<string> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/reset',
    headers: WRITE_HEADERS,
    payload: { email: m.account.email },
    remoteAddress: freshIp(),
  });
  expect(asked.statusCode).toBe(200);
  return linkIn(await nthMailWith(m, '/auth/reset/', n), 'reset').code;
}

/** The nth mail to the account whose text holds `text`, once it has arrived (other mails may come between). */
async function nthMailWith(m: Member, text: string, n = 1) {
  for (;;) {
    const found = t.capture.mailsTo(m.account.email).filter((mail) => mail.text.includes(text));
    if (found.length >= n) return found[n - 1]!;
    await t.capture.waitForNth(m.account.email, t.capture.mailsTo(m.account.email).length + 1);
  }
}

const resetCall = (method: 'GET' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: WRITE_HEADERS, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });

describe('W18: a mailed reset ends everything the old password reached', () => {
  it('tokens, sessions, a just-added passkey and other reset links die; an older passkey stays', async () => {
    const m = await createMember(t.services);
    const s = await signedIn(m);
    const token = await mintToken(s.call, s.url('/tokens'), 'backup');
    expect((await bearer(token.token, { method: 'GET', url: s.url('/aliases') })).statusCode).toBe(200);
    const { cred: oldCred, res: oldRes } = await addPasskey(t.app, s.cookie, m.account.id, 'Owner laptop');
    await ageing(oldRes.json().passkey.id);
    const { cred: newCred } = await addPasskey(t.app, s.cookie, m.account.id, 'Just added');
    expect((await passkeyLogin(t.app, newCred)).statusCode).toBe(200);

    const stale = await resetCode(m, 1);
    const code = await resetCode(m, 2);
    // The newer request already kills the older link (W6); the reset kills every one left.
    const reset = await resetCall('PUT', `/api/reset/${code}`, { new_password: 'fresh-password-31' });
    expect(reset.statusCode).toBe(200);
    // An account with a passkey signs in again with it (W15).
    expect(reset.json().user).toBeUndefined();

    const dead = await bearer(token.token, { method: 'GET', url: s.url('/aliases') });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().msg).toBe(API_TOKEN_MSG.invalid);
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    expect((await passkeyLogin(t.app, newCred)).statusCode).toBe(401);
    expect((await passkeyLogin(t.app, oldCred)).statusCode).toBe(200);
    expect((await resetCall('PUT', `/api/reset/${stale}`, { new_password: 'other-password-32' })).statusCode).toBe(404);

    // The owner is told.
    const notice = await nthMailWith(m, CREDENTIAL_CHANGES.passwordReset);
    expect(notice.text).not.toContain('fresh-password-31');
  });

  it('the reset page lists the passkeys and removes one with the code alone; nothing else opens with it', async () => {
    const m = await createMember(t.services);
    const s = await signedIn(m);
    const { res: a } = await addPasskey(t.app, s.cookie, m.account.id, 'Phone');
    const { cred: thiefCred, res: b } = await addPasskey(t.app, s.cookie, m.account.id, 'Unknown key');
    await ageing(a.json().passkey.id);
    await ageing(b.json().passkey.id);
    const code = await resetCode(m, 1);

    const list = await resetCall('GET', `/api/reset/${code}/passkeys`);
    expect(list.statusCode).toBe(200);
    expect(list.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Unknown key']);
    expect(list.body).not.toContain('public');

    // Another account's passkey id is a 404, as is a wrong code.
    const other = await createMember(t.services);
    const os = await signedIn(other);
    const { res: foreign } = await addPasskey(t.app, os.cookie, other.account.id);
    expect((await resetCall('DELETE', `/api/reset/${code}/passkeys/${foreign.json().passkey.id}`)).statusCode).toBe(404);
    expect((await resetCall('GET', `/api/reset/${'x'.repeat(43)}/passkeys`)).statusCode).toBe(404);
    expect((await os.call({ method: 'GET', url: os.url('/passkeys') })).json().passkeys).toHaveLength(1);

    const removed = await resetCall('DELETE', `/api/reset/${code}/passkeys/${b.json().passkey.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Phone']);
    expect((await passkeyLogin(t.app, thiefCred)).statusCode).toBe(401);

    // Once the link is used, it lists nothing any more.
    expect((await resetCall('PUT', `/api/reset/${code}`, { new_password: 'fresh-password-33' })).statusCode).toBe(200);
    const after = await resetCall('GET', `/api/reset/${code}/passkeys`);
    expect(after.statusCode).toBe(404);
    expect(after.json().msg).toBe(ACCESS_MSG.invalidReset);
  });
});

describe('W18: a signed-in password change ends the rest', () => {
  it('other sessions, tokens (but those named to keep) and a just-added passkey end; this session stays', async () => {
    const m = await createMember(t.services);
    const s = await signedIn(m);
    const other = await login(t.app, m.handle, m.password);
    const keep = await mintToken(s.call, s.url('/tokens'), 'keep me');
    const drop = await mintToken(s.call, s.url('/tokens'), 'drop me');
    const { cred } = await addPasskey(t.app, s.cookie, m.account.id, 'Recent');

    const changed = await s.call({
      method: 'POST',
      url: s.url(),
      payload: { old_password: m.password, password: 'changed-password-34', keep_tokens: [keep.id] },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await bearer(keep.token, { method: 'GET', url: s.url('/aliases') })).statusCode).toBe(200);
    expect((await bearer(drop.token, { method: 'GET', url: s.url('/aliases') })).statusCode).toBe(401);
    expect((await s.call({ method: 'GET', url: '/api/authenticate' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await passkeyLogin(t.app, cred)).statusCode).toBe(401);
  });

  it('by default no token is kept, and naming another account’s token keeps nothing of it', async () => {
    const m = await createMember(t.services);
    const s = await signedIn(m);
    const stranger = await createMember(t.services);
    const ss = await signedIn(stranger);
    const theirs = await mintToken(ss.call, ss.url('/tokens'), 'theirs');
    const mine = await mintToken(s.call, s.url('/tokens'), 'mine');
    const changed = await s.call({
      method: 'POST',
      url: s.url(),
      payload: { old_password: m.password, password: 'changed-password-35', keep_tokens: [theirs.id] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await bearer(mine.token, { method: 'GET', url: s.url('/aliases') })).statusCode).toBe(401);
    // Only this account's tokens were touched.
    expect((await bearer(theirs.token, { method: 'GET', url: ss.url('/aliases') })).statusCode).toBe(200);
  });
});
