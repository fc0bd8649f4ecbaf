import { ACCESS_MSG, profileFlash, RULE_MESSAGES } from '@app/shared';
import { startOutbound } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, freshEmail, SAME_ORIGIN, TEST_PUBLIC_URL, type RelayTestApp } from './access-helpers';
import { as, build, cookieHeader, login, type TestApp } from './helpers';
import { linkIn } from '@app/testing';

const USERNAME_RULE = profileFlash('username', RULE_MESSAGES.accountHandle);
const PASSWORD_RULE = profileFlash('password', RULE_MESSAGES.accountPassword);

describe('invite → mail → redeem → register → login (real API, SMTP capture relay)', () => {
  let t: RelayTestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildWithRelay();
    admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
  });
  afterAll(() => t.close());

  it('walks the whole invitation flow', async () => {
    const email = freshEmail('invitee');
    const sent = await admin({
      method: 'PUT',
      url: '/api/account/1/invite',
      payload: { name: 'Ada <b>Lovelace</b>', email, message: 'Welcome aboard!' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ success: true, msg: ACCESS_MSG.invitationSent });
    // With a relay the link travels only by mail.
    expect(sent.json()).not.toHaveProperty('link');
    const listed = sent.json().invitations.find((i: { target: string }) => i.target === email);
    expect(listed).toMatchObject({ name: 'Ada <b>Lovelace</b>', target: email, message: 'Welcome aboard!', claimed: null });

    // The relay received the mail: text and escaped HTML, the link built from PUBLIC_URL.
    const mail = await t.capture.waitFor(email);
    expect(mail.subject).toMatch(/invited/i);
    expect(mail.text).toContain('Welcome aboard!');
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Lovelace</b>');
    const { link, code } = linkIn(mail, 'redeem');
    expect(link).toBe(`${TEST_PUBLIC_URL}/auth/redeem/${code}`);
    expect(mail.html).toContain(`href="${link}"`);

    // Redeeming signs the person in with an approved, unregistered account.
    const redeemed = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ success: true, user: { handle: null, email, registered: null, is_admin: false } });
    expect(redeemed.json().user.approved).not.toBeNull();
    expect(redeemed.json().user).not.toHaveProperty('token');
    const cookie = cookieHeader(redeemed);
    expect(cookie).toContain('sid=');
    const me = as(t.app, cookie);
    expect((await me({ method: 'GET', url: '/api/authenticate' })).json()).toMatchObject({ success: true, user: { email } });

    // The code cannot be used twice.
    const again = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, msg: ACCESS_MSG.invalidInvitation });

    // Each broken username rule answers with the exact rule message; nothing is saved.
    const badHandles = ['abc', 'a'.repeat(65), 'has-hyphen', 'has space', 'dot.ted', 'ümlaut', '', 'semi;colon'];
    for (const handle of badHandles) {
      const res = await me({ method: 'PUT', url: '/api/register', payload: { handle, password: 'good-password-1' } });
      expect(res.statusCode, handle).toBe(400);
      expect(res.json(), handle).toMatchObject({ success: false, msg: USERNAME_RULE });
    }
    for (const password of ['short', 'a'.repeat(65), 'has space in it', 'tab\there1', '']) {
      const res = await me({ method: 'PUT', url: '/api/register', payload: { handle: 'valid_name', password } });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ success: false, msg: PASSWORD_RULE });
    }
    // A taken username gets a clear message (any case).
    const taken = await me({ method: 'PUT', url: '/api/register', payload: { handle: 'ADMIN', password: 'good-password-1' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, msg: ACCESS_MSG.handleTaken });
    expect((await me({ method: 'GET', url: '/api/authenticate' })).json().user.registered).toBeNull();

    // A good one completes the account.
    const handle = `Ada_${Date.now().toString(36)}`;
    const done = await me({ method: 'PUT', url: '/api/register', payload: { handle, password: 'analytical-engine-64' } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      msg: ACCESS_MSG.registered,
      user: { handle: handle.toLowerCase(), email },
    });
    expect(done.json().user.registered).not.toBeNull();
    // Registering twice is refused.
    const twice = await me({
      method: 'PUT',
      url: '/api/register',
      payload: { handle: 'other_name', password: 'analytical-engine-64' },
    });
    expect(twice.statusCode).toBe(409);

    // Login works with the new password; the wrong one does not.
    await expect(login(t.app, handle, 'analytical-engine-64')).resolves.toContain('sid=');
    await expect(login(t.app, handle, 'analytical-engine-65')).rejects.toThrow(/401/);

    // The admin sees the invitation as claimed.
    const list = await admin({ method: 'GET', url: '/api/account/1/invitations' });
    const claimed = list.json().invitations.find((i: { target: string }) => i.target === email);
    expect(claimed.claimed).not.toBeNull();
  });

  it('resend issues a new code and kills the old one; clear removes an unclaimed invitation', async () => {
    const email = freshEmail('resend');
    const sent = await admin({ method: 'PUT', url: '/api/account/1/invite', payload: { name: 'Grace', email, message: '' } });
    const id = sent.json().invitations.find((i: { target: string }) => i.target === email).id;
    const first = linkIn(await t.capture.waitFor(email), 'redeem').code;

    const resent = await admin({ method: 'PUT', url: `/api/account/1/invite/${id}` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ success: true, msg: ACCESS_MSG.invitationResent });
    await expect.poll(() => t.capture.mails.filter((m) => m.to.includes(email)).length).toBe(2);
    const second = linkIn(t.capture.mails.filter((m) => m.to.includes(email))[1]!, 'redeem').code;
    expect(second).not.toBe(first);

    expect((await t.app.inject({ method: 'GET', url: `/api/redeem/${first}`, headers: SAME_ORIGIN })).statusCode).toBe(404);

    const cleared = await admin({ method: 'DELETE', url: `/api/account/1/invite/${id}` });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().invitations.some((i: { id: number }) => i.id === id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/redeem/${second}`, headers: SAME_ORIGIN })).statusCode).toBe(404);
    // Gone: a second clear or resend is a 404.
    expect((await admin({ method: 'DELETE', url: `/api/account/1/invite/${id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `/api/account/1/invite/${id}` })).statusCode).toBe(404);
  });

  it('a claimed invitation can be neither resent nor cleared', async () => {
    const email = freshEmail('claimed');
    const sent = await admin({ method: 'PUT', url: '/api/account/1/invite', payload: { name: 'Linus', email, message: 'hi' } });
    const id = sent.json().invitations.find((i: { target: string }) => i.target === email).id;
    const { code } = linkIn(await t.capture.waitFor(email), 'redeem');
    expect((await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN })).statusCode).toBe(200);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await admin({ method, url: `/api/account/1/invite/${id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ msg: ACCESS_MSG.invitationClaimed });
    }
  });

  it('the outbox records the relayed invitation as sent', async () => {
    const email = freshEmail('outbox');
    await admin({ method: 'PUT', url: '/api/account/1/invite', payload: { name: 'Ken', email, message: '' } });
    await t.capture.waitFor(email);
    const { listOutboxTo } = await import('@app/db');
    await expect.poll(async () => (await listOutboxTo(t.services.database.db, email))[0]?.state).toBe('sent');
  });

  it('an unregistered account is held back from member calls', async () => {
    const email = freshEmail('held');
    await admin({ method: 'PUT', url: '/api/account/1/invite', payload: { name: 'Held', email, message: '' } });
    const { code } = linkIn(await t.capture.waitFor(email), 'redeem');
    const res = await t.app.inject({ method: 'GET', url: `/api/redeem/${code}`, headers: SAME_ORIGIN });
    const me = as(t.app, cookieHeader(res));
    const id = res.json().user.id;
    const profile = await me({ method: 'POST', url: `/api/account/${id}`, payload: { name: 'X' } });
    expect(profile.statusCode).toBe(403);
  });
});

describe('invitations without a relay (embedded default)', () => {
  let t: TestApp;
  let outbound: ReturnType<typeof startOutbound>;
  beforeAll(async () => {
    t = await build({ SMTP_RELAY_URL: '' });
    outbound = startOutbound(t.services);
  });
  afterAll(async () => {
    await outbound.close();
    await t.close();
  });

  it('hands the admin the link to pass on, and it redeems', async () => {
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    const email = freshEmail('norelay');
    const sent = await admin({ method: 'PUT', url: '/api/account/1/invite', payload: { name: 'Nora', email, message: '' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ success: true, msg: ACCESS_MSG.invitationLinkOnly });
    const link: string = sent.json().link;
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/redeem\/[A-Za-z0-9_-]{43}$/);
    const id = sent.json().invitations.find((i: { target: string }) => i.target === email).id;

    // A resend gives a new link; the old one is dead.
    const resent = await admin({ method: 'PUT', url: `/api/account/1/invite/${id}` });
    const second: string = resent.json().link;
    expect(second).not.toBe(link);
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(link).pathname.replace('/auth/', '/api/'), headers: SAME_ORIGIN }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'GET',
      url: new URL(second).pathname.replace('/auth/', '/api/'),
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });
});
