import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEYS_MAX } from '@app/shared';
import { as, build, cookieHeader, login, WRITE_HEADERS, type TestApp } from './helpers';
import { addPasskey, loginChallenge, passkeyLogin } from './passkey-ceremony';
import { createMember } from '@app/testing';

describe('passkeys (happy paths)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('asks for a discoverable credential for this site and the member', async () => {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const res = await as(t.app, cookie)({ method: 'POST', url: `/api/account/${m.account.id}/passkeys/options` });
    expect(res.statusCode).toBe(200);
    const { options } = res.json();
    expect(options.rp).toEqual({ name: 'Alias Mail', id: 'localhost' });
    expect(options.user.name).toBe(m.handle);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
  });

  it('registers, lists, renames and removes a passkey', async () => {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const call = as(t.app, cookie);
    const { res } = await addPasskey(t.app, cookie, m.account.id, 'Laptop');
    expect(res.statusCode).toBe(200);
    const added = res.json().passkey;
    expect(added).toEqual({ id: expect.any(Number), name: 'Laptop', created: expect.any(String), last_used: null });

    const list = await call({ method: 'GET', url: `/api/account/${m.account.id}/passkeys` });
    expect(list.json().passkeys).toEqual([added]);

    const renamed = await call({
      method: 'PATCH',
      url: `/api/account/${m.account.id}/passkeys/${added.id}`,
      payload: { name: '  Phone ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().passkey.name).toBe('Phone');

    const removed = await call({ method: 'DELETE', url: `/api/account/${m.account.id}/passkeys/${added.id}` });
    expect(removed.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `/api/account/${m.account.id}/passkeys` })).json().passkeys).toEqual([]);
  });

  it(`an account holds at most ${PASSKEYS_MAX} passkeys`, async () => {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    for (let i = 0; i < PASSKEYS_MAX; i++)
      expect((await addPasskey(t.app, cookie, m.account.id, `Key ${i}`)).res.statusCode).toBe(200);
    const more = await as(t.app, cookie)({ method: 'POST', url: `/api/account/${m.account.id}/passkeys/options` });
    expect(more.statusCode).toBe(403);
    expect(more.json().code).toBe('LIMIT_REACHED');
  });

  it('signs in with a passkey alone and records its use', async () => {
    const m = await createMember(t.services);
    const { cred } = await addPasskey(t.app, await login(t.app, m.handle, m.password), m.account.id);

    const res = await passkeyLogin(t.app, cred);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: m.account.id, handle: m.handle } });
    const cookie = cookieHeader(res);
    const me = await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } });
    expect(me.json().user.id).toBe(m.account.id);
    const [passkey] = (await as(t.app, cookie)({ method: 'GET', url: `/api/account/${m.account.id}/passkeys` })).json().passkeys;
    expect(passkey.last_used).not.toBeNull();

    // A second sign-in with the grown counter works too.
    expect((await passkeyLogin(t.app, cred)).statusCode).toBe(200);
  });

  it('a password alone no longer signs in an account that has a passkey: it asks for the passkey', async () => {
    const m = await createMember(t.services);
    const { cred } = await addPasskey(t.app, await login(t.app, m.handle, m.password), m.account.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: WRITE_HEADERS,
      payload: { handle: m.handle, password: m.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, otp_required: true, methods: ['passkey'] });
    expect(res.cookies).toEqual([]);
    expect((await passkeyLogin(t.app, cred, { challenge: await loginChallenge(t.app) })).statusCode).toBe(200);
  });
});
