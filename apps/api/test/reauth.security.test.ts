// Re-authentication before credential changes and the owner's mail about them (docs/security.md W17),
// through the real API with a local SMTP capture relay and the worker's outbound processor.
import { listOutboxTo, sessions } from '@app/db';
import { ACCESS_MSG, CREDENTIAL_CHANGES, REAUTH_MSG, TOTP_MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, freshIp, type RelayTestApp } from './access-helpers';
import { as, login, WRITE_HEADERS } from './helpers';
import { addPasskey } from './passkey-ceremony';
import { assert, attest, newCredential } from './webauthn-authenticator';
import { createMember, type Member } from '@app/testing';

let t: RelayTestApp;
beforeAll(async () => {
  // The software authenticator answers for http://localhost:3000.
  t = await buildWithRelay({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => t.close());

interface Signed extends Member {
  cookie: string;
  call: ReturnType<typeof as>;
  url: (path?: string) => string;
}

async function signedIn(): Promise<Signed> {
  const m = await createMember(t.services);
  const cookie = await login(t.app, m.handle, m.password);
  return { ...m, cookie, call: as(t.app, cookie), url: (path = '') => `/api/account/${m.account.id}${path}` };
}

/** Moves the account's sessions' last confirmation back past REAUTH_WINDOW_MS, as if the cookie had been taken an hour ago. */
async function makeStale(m: Member): Promise<void> {
  await t.services.database.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - 3600_000) })
    .where(eq(sessions.accountId, m.account.id));
}

/** An authenticator app: the code of the current time step, or of a step before or after it. */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return (steps = 0) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Waits out the last seconds of a time step, so the codes a test computes belong to the step the server sees. */
async function earlyInStep(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4000) await new Promise((r) => setTimeout(r, left + 100));
}

function expectReauth(res: { statusCode: number; json(): { code: string; msg: string } }, msg: string = REAUTH_MSG.required) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'REAUTH_REQUIRED', msg });
}

describe('W17: a stale session cannot change credentials', () => {
  it('minting a token: refused stale, the same request with the password accepted, and the session is confirmed by it', async () => {
    const c = await signedIn();
    await makeStale(c);
    const body = { label: 'script', scope: 'read' };
    expectReauth(await c.call({ method: 'POST', url: c.url('/tokens'), payload: body }));
    const wrong = await c.call({ method: 'POST', url: c.url('/tokens'), payload: { ...body, current_password: 'wrong-one-1' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(ACCESS_MSG.wrongCurrentPassword);
    const ok = await c.call({ method: 'POST', url: c.url('/tokens'), payload: { ...body, current_password: c.password } });
    expect(ok.statusCode).toBe(201);
    // The proof confirmed the session: the next change needs none.
    expect((await c.call({ method: 'POST', url: c.url('/tokens'), payload: body })).statusCode).toBe(201);
  });

  it('passkeys: adding and removing are refused stale; with a passkey on, the password alone is no proof', async () => {
    const c = await signedIn();
    const { res: added } = await addPasskey(t.app, c.cookie, c.account.id);
    expect(added.statusCode).toBe(200);
    const passkeyId = added.json().passkey.id as number;

    await makeStale(c);
    expectReauth(await c.call({ method: 'POST', url: c.url('/passkeys/options') }));
    expectReauth(await c.call({ method: 'DELETE', url: c.url(`/passkeys/${passkeyId}`) }));
    const kept = await c.call({ method: 'GET', url: c.url('/passkeys') });
    expect(kept.json().passkeys).toHaveLength(1);

    // With a passkey on, the password alone is not enough: that account confirms with the passkey.
    expectReauth(
      await c.call({ method: 'DELETE', url: c.url(`/passkeys/${passkeyId}`), payload: { current_password: c.password } }),
      REAUTH_MSG.passkeyNeeded,
    );
    expect((await c.call({ method: 'GET', url: c.url('/passkeys') })).json().passkeys).toHaveLength(1);
  });

  it('a member without a second factor adds a passkey from a stale session with the password in the request', async () => {
    const c = await signedIn();
    await makeStale(c);
    const options = await c.call({ method: 'POST', url: c.url('/passkeys/options'), payload: { current_password: c.password } });
    expect(options.statusCode).toBe(200);
    await makeStale(c);
    const payload = { name: 'Phone', response: attest(newCredential(), options.json().options.challenge) };
    expectReauth(await c.call({ method: 'POST', url: c.url('/passkeys'), payload }));
    const ok = await c.call({ method: 'POST', url: c.url('/passkeys'), payload: { ...payload, current_password: c.password } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('two-factor: starting, confirming and turning off need a recent confirmation; with TOTP on, the proof is password and code', async () => {
    const c = await signedIn();
    await makeStale(c);
    expectReauth(await c.call({ method: 'POST', url: c.url('/totp') }));
    await earlyInStep();
    const start = await c.call({ method: 'POST', url: c.url('/totp'), payload: { current_password: c.password } });
    expect(start.statusCode).toBe(200);
    const code = authenticator(start.json().secret);
    await makeStale(c);
    expectReauth(await c.call({ method: 'PUT', url: c.url('/totp'), payload: { code: code(-1) } }));
    const on = await c.call({ method: 'PUT', url: c.url('/totp'), payload: { code: code(-1), current_password: c.password } });
    expect(on.statusCode).toBe(200);

    await makeStale(c);
    // The code alone, or the password alone, no longer turns it off from a stale session.
    expectReauth(await c.call({ method: 'DELETE', url: c.url('/totp'), payload: { code: code(0) } }));
    const noCode = await c.call({ method: 'DELETE', url: c.url('/totp'), payload: { password: c.password } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().msg).toBe(REAUTH_MSG.needCode);
    expect((await c.call({ method: 'GET', url: c.url('/totp') })).json().enabled).toBe(true);
    const off = await c.call({ method: 'DELETE', url: c.url('/totp'), payload: { password: c.password, code: code(0) } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().msg).toBe(TOTP_MSG.disabled);
  });

  it('a password change: refused stale even with the old password when TOTP is on; accepted with the code too', async () => {
    const c = await signedIn();
    await earlyInStep();
    const start = await c.call({ method: 'POST', url: c.url('/totp') });
    const code = authenticator(start.json().secret);
    expect((await c.call({ method: 'PUT', url: c.url('/totp'), payload: { code: code(-1) } })).statusCode).toBe(200);
    await makeStale(c);
    const change = { old_password: c.password, password: 'a-new-password-77' };
    const noCode = await c.call({ method: 'POST', url: c.url(), payload: change });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().msg).toBe(REAUTH_MSG.needCode);
    const ok = await c.call({ method: 'POST', url: c.url(), payload: { ...change, current_otp: code(0) } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().msg).toBe(ACCESS_MSG.passwordSaved);
  });

  it('POST /reauth confirms the session with the password, after which the plain request passes', async () => {
    const c = await signedIn();
    await makeStale(c);
    expectReauth(await c.call({ method: 'POST', url: c.url('/tokens'), payload: { label: 'x', scope: 'read' } }));
    const wrong = await c.call({ method: 'POST', url: c.url('/reauth'), payload: { password: 'not-it-at-all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(ACCESS_MSG.wrongCurrentPassword);
    const empty = await c.call({ method: 'POST', url: c.url('/reauth'), payload: {} });
    expect(empty.statusCode).toBe(400);
    const ok = await c.call({ method: 'POST', url: c.url('/reauth'), payload: { password: c.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe(REAUTH_MSG.confirmed);
    expect((await c.call({ method: 'POST', url: c.url('/tokens'), payload: { label: 'x', scope: 'read' } })).statusCode).toBe(
      201,
    );
    // Only this session was confirmed: another stale one of the same account is still refused.
    const other = as(t.app, await login(t.app, c.handle, c.password));
    await makeStale(c);
    await c.call({ method: 'POST', url: c.url('/reauth'), payload: { password: c.password } });
    expectReauth(await other({ method: 'POST', url: c.url('/tokens'), payload: { label: 'y', scope: 'read' } }));
  });

  it('POST /reauth with a passkey: only the account’s own passkey, answering a challenge made for this', async () => {
    const c = await signedIn();
    const { cred } = await addPasskey(t.app, c.cookie, c.account.id);
    const stranger = await signedIn();
    const { cred: strangerCred } = await addPasskey(t.app, stranger.cookie, stranger.account.id);
    await makeStale(c);
    const challenge = async () => (await c.call({ method: 'POST', url: c.url('/reauth/options') })).json().options.challenge;

    // Another account's passkey, and a sign-in challenge, are refused.
    const foreign = await c.call({
      method: 'POST',
      url: c.url('/reauth'),
      payload: { response: assert(strangerCred, await challenge()) },
    });
    expect(foreign.statusCode).toBe(400);
    const signInOptions = await t.app.inject({ method: 'POST', url: '/api/login/passkey/options', headers: WRITE_HEADERS });
    const wrongPurpose = await c.call({
      method: 'POST',
      url: c.url('/reauth'),
      payload: { response: assert(cred, signInOptions.json().options.challenge) },
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expectReauth(await c.call({ method: 'POST', url: c.url('/passkeys/options') }));

    const ok = await c.call({ method: 'POST', url: c.url('/reauth'), payload: { response: assert(cred, await challenge()) } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await c.call({ method: 'POST', url: c.url('/passkeys/options') })).statusCode).toBe(200);
  });

  it('a fresh sign-in may change credentials at once; signed out is a 401, not a re-authentication', async () => {
    const c = await signedIn();
    expect((await c.call({ method: 'POST', url: c.url('/tokens'), payload: { label: 'x', scope: 'read' } })).statusCode).toBe(
      201,
    );
    const out = await t.app.inject({
      method: 'POST',
      url: c.url('/reauth'),
      headers: WRITE_HEADERS,
      payload: { password: c.password },
    });
    expect(out.statusCode).toBe(401);
  });

  it('password confirmations are counted per account and address', async () => {
    const c = await signedIn();
    const ip = freshIp();
    let status = 400;
    for (let i = 0; i < 15 && status === 400; i++) {
      status = (
        await t.app.inject({
          method: 'POST',
          url: c.url('/reauth'),
          headers: { cookie: c.cookie, ...WRITE_HEADERS },
          payload: { password: `guess-${i}-xxxxxx` },
          remoteAddress: ip,
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('W17: the owner is mailed about every credential change', () => {
  it('token, passkey, two-factor and password changes each send a content-free mail with the time and address', async () => {
    const c = await signedIn();
    const to = c.account.email;
    const ip = '198.51.100.23';
    const call = (opts: Parameters<typeof c.call>[0]) => c.call({ ...opts, remoteAddress: ip });

    const token = await call({ method: 'POST', url: c.url('/tokens'), payload: { label: 'ci', scope: 'write' } });
    expect(token.statusCode).toBe(201);
    const first = await t.capture.waitForNth(to, 1);
    expect(first.subject).toContain('an API token was created');
    expect(first.text).toContain(CREDENTIAL_CHANGES.tokenCreated);
    expect(first.text).toContain(`From the address: ${ip}`);
    expect(first.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    // Content-free: neither the secret nor the label.
    const secret = token.json().token as string;
    for (const mail of [first.text, first.html, first.raw.toString()]) {
      expect(mail).not.toContain(secret);
      expect(mail).not.toContain(secret.slice(4, 20));
    }

    await call({ method: 'DELETE', url: c.url(`/tokens/${token.json().api_token.id}`) });
    expect((await t.capture.waitForNth(to, 2)).text).toContain(CREDENTIAL_CHANGES.tokenRevoked);

    const { res } = await addPasskey(t.app, c.cookie, c.account.id);
    expect((await t.capture.waitForNth(to, 3)).text).toContain(CREDENTIAL_CHANGES.passkeyAdded);
    await call({ method: 'DELETE', url: c.url(`/passkeys/${res.json().passkey.id}`) });
    expect((await t.capture.waitForNth(to, 4)).text).toContain(CREDENTIAL_CHANGES.passkeyRemoved);

    await earlyInStep();
    const start = await call({ method: 'POST', url: c.url('/totp') });
    const code = authenticator(start.json().secret);
    await call({ method: 'PUT', url: c.url('/totp'), payload: { code: code(-1) } });
    expect((await t.capture.waitForNth(to, 5)).text).toContain(CREDENTIAL_CHANGES.totpEnabled);
    await call({ method: 'DELETE', url: c.url('/totp'), payload: { code: code(0) } });
    expect((await t.capture.waitForNth(to, 6)).text).toContain(CREDENTIAL_CHANGES.totpDisabled);

    const pw = await call({ method: 'POST', url: c.url(), payload: { old_password: c.password, password: 'changed-pass-42' } });
    expect(pw.statusCode).toBe(200);
    const last = await t.capture.waitForNth(to, 7);
    expect(last.text).toContain(CREDENTIAL_CHANGES.passwordChanged);
    expect(last.text).not.toContain('changed-pass-42');
    // A refused change queues nothing (the outbox row is written before the answer).
    expect(await listOutboxTo(t.services.database.db, to)).toHaveLength(7);
    await makeStale(c);
    expectReauth(await call({ method: 'POST', url: c.url('/tokens'), payload: { label: 'no', scope: 'read' } }));
    expect(await listOutboxTo(t.services.database.db, to)).toHaveLength(7);
  });
});
