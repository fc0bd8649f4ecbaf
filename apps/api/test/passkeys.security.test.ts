import { FIXED_LIMITS } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, WRITE_HEADERS, type TestApp } from './helpers';
import { addPasskey, loginChallenge, passkeyLogin } from './passkey-ceremony';
import { assert, attest, newCredential } from './webauthn-authenticator';
import { createMember } from '@app/testing';

describe('passkeys (security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  async function memberWithPasskey() {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const { cred, res } = await addPasskey(t.app, cookie, m.account.id);
    return { m, cookie, cred, passkeyId: res.json().passkey.id as number };
  }

  it('PK1: a sign-in challenge is used once; a replayed answer is refused', async () => {
    const { cred } = await memberWithPasskey();
    const challenge = await loginChallenge(t.app);
    const answer = assert(cred, challenge);
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/login/passkey', headers: WRITE_HEADERS, payload: { response: answer } });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(401);
    expect(again.cookies).toEqual([]);
    // A fresh signature over the spent challenge fails as well.
    expect((await passkeyLogin(t.app, cred, { challenge })).statusCode).toBe(401);
  });

  it('PK1: a challenge the server never handed out, or one made for another purpose or account, is refused', async () => {
    const { m, cookie, cred } = await memberWithPasskey();
    expect((await passkeyLogin(t.app, cred, { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' })).statusCode).toBe(401);

    // A registration challenge does not sign anyone in…
    const call = as(t.app, cookie);
    const registerChallenge = (await call({ method: 'POST', url: `/api/account/${m.account.id}/passkeys/options` })).json()
      .options.challenge;
    expect((await passkeyLogin(t.app, cred, { challenge: registerChallenge })).statusCode).toBe(401);
    // …and a sign-in challenge, or another account's registration challenge, registers nothing.
    const other = await createMember(t.services);
    const otherCookie = await login(t.app, other.handle, other.password);
    const othersChallenge = (
      await as(t.app, otherCookie)({ method: 'POST', url: `/api/account/${other.account.id}/passkeys/options` })
    ).json().options.challenge;
    for (const challenge of [await loginChallenge(t.app), othersChallenge]) {
      const res = await call({
        method: 'POST',
        url: `/api/account/${m.account.id}/passkeys`,
        payload: { name: 'Stolen', response: attest(newCredential(), challenge) },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await call({ method: 'GET', url: `/api/account/${m.account.id}/passkeys` })).json().passkeys).toHaveLength(1);
  });

  it('PK2: a signature counter that does not grow (a cloned authenticator) is refused', async () => {
    const { cred } = await memberWithPasskey();
    expect((await passkeyLogin(t.app, cred, { counter: 5 })).statusCode).toBe(200);
    expect((await passkeyLogin(t.app, cred, { counter: 5 })).statusCode).toBe(401);
    expect((await passkeyLogin(t.app, cred, { counter: 3 })).statusCode).toBe(401);
    expect((await passkeyLogin(t.app, cred, { counter: 6 })).statusCode).toBe(200);
  });

  it('PK3: answers made for another origin or relying party are refused, at registration and sign-in', async () => {
    const { m, cookie, cred } = await memberWithPasskey();
    const call = as(t.app, cookie);
    for (const site of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const options = (await call({ method: 'POST', url: `/api/account/${m.account.id}/passkeys/options` })).json().options;
      const res = await call({
        method: 'POST',
        url: `/api/account/${m.account.id}/passkeys`,
        payload: { name: 'Phish', response: attest(newCredential(), options.challenge, site) },
      });
      expect(res.statusCode).toBe(400);
      expect((await passkeyLogin(t.app, cred, site)).statusCode).toBe(401);
    }
  });

  it('PK5: an authenticator that did not verify its user (no PIN or biometric) neither registers nor signs in', async () => {
    const { m, cookie, cred } = await memberWithPasskey();
    const call = as(t.app, cookie);
    const options = (await call({ method: 'POST', url: `/api/account/${m.account.id}/passkeys/options` })).json().options;
    expect(options.authenticatorSelection.userVerification).toBe('required');
    const res = await call({
      method: 'POST',
      url: `/api/account/${m.account.id}/passkeys`,
      payload: { name: 'Bare key', response: attest(newCredential(), options.challenge, { verified: false }) },
    });
    expect(res.statusCode).toBe(400);
    expect((await passkeyLogin(t.app, cred, { verified: false })).statusCode).toBe(401);
    // The same passkey, verified, still signs in.
    expect((await passkeyLogin(t.app, cred)).statusCode).toBe(200);
  });

  it('PK4: an answer signed by another key, or by an unknown credential, signs no one in', async () => {
    const { cred } = await memberWithPasskey();
    const impostor = { ...newCredential(), id: cred.id };
    expect((await passkeyLogin(t.app, impostor)).statusCode).toBe(401);
    expect((await passkeyLogin(t.app, newCredential())).statusCode).toBe(401);
  });

  it("W3: another account's passkey ids get the same 404 as missing ones", async () => {
    const a = await memberWithPasskey();
    const b = await memberWithPasskey();
    const call = as(t.app, a.cookie);
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine' }],
      ['DELETE', undefined],
    ] as const) {
      const others = await call({ method, url: `/api/account/${a.m.account.id}/passkeys/${b.passkeyId}`, payload });
      const missing = await call({ method, url: `/api/account/${a.m.account.id}/passkeys/999999999`, payload });
      expect(others.statusCode).toBe(404);
      expect(others.json().msg).toBe(missing.json().msg);
    }
    for (const url of [`/api/account/${b.m.account.id}/passkeys`, `/api/account/${b.m.account.id}/passkeys/${b.passkeyId}`]) {
      expect((await call({ method: url.endsWith('passkeys') ? 'GET' : 'DELETE', url })).statusCode).toBe(404);
    }
    expect((await call({ method: 'POST', url: `/api/account/${b.m.account.id}/passkeys/options` })).statusCode).toBe(404);
    const [kept] = (await as(t.app, b.cookie)({ method: 'GET', url: `/api/account/${b.m.account.id}/passkeys` })).json().passkeys;
    expect(kept.name).toBe('Laptop');
  });

  it('W5: passkey sign-in attempts count against the client address like password ones', async () => {
    const limited = await build();
    try {
      const stranger = newCredential();
      const codes: number[] = [];
      for (let i = 0; i <= FIXED_LIMITS['login:ip'].limit; i++)
        codes.push((await passkeyLogin(limited.app, stranger, { challenge: 'c29tZS1jaGFsbGVuZ2U' })).statusCode);
      expect(codes.slice(0, FIXED_LIMITS['login:ip'].limit).every((c) => c === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('W2: the passkey calls are writes that need the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey/options',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});
