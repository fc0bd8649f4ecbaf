import { inbound, insertAliasLogs, insertOutbox, recordOutboxAttempt } from '@app/db';
import { sealedOutbox } from '@app/runtime';
import { ACCESS_MSG, FLASH, testEmailErrorFlash } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, type RelayTestApp } from './access-helpers';
import { as, build, login, type TestApp } from './helpers';
import { createAlias, signedIn } from './alias-helpers';
import { createMember } from '@app/testing';

describe('admin tools', () => {
  let t: RelayTestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildWithRelay();
    admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
  });
  afterAll(() => t.close());

  it('sources: create with senders, list, show raw, edit, delete; public ones reach /api/init', async () => {
    const label = `Corner Shop ${Date.now()}`;
    const created = await admin({
      method: 'POST',
      url: '/api/admin/sources',
      payload: {
        label,
        is_public: 1,
        senders: ['shop.example', 'Orders@Shop.Example'],
        color: '#123456',
        url: 'https://shop.example',
      },
    });
    expect(created.statusCode).toBe(201);
    const source = created.json().source;
    expect(source).toMatchObject({ label, handle: label.toLowerCase().replace(/ /g, '-'), is_public: true, color: '#123456' });
    expect(source.senders.map((s: { address: string }) => s.address).sort()).toEqual(['*.shop.example', 'orders@shop.example']);

    const list = (await admin({ method: 'GET', url: '/api/admin/sources' })).json().sources;
    expect(list.some((s: { id: number }) => s.id === source.id)).toBe(true);
    const init = (await t.app.inject({ method: 'GET', url: '/api/init' })).json();
    expect(init.sources.some((s: { id: number }) => s.id === source.id)).toBe(true);

    const shown = await admin({ method: 'GET', url: `/api/admin/sources/${source.id}` });
    expect(shown.json().source).toEqual(source);

    const edited = await admin({
      method: 'PUT',
      url: `/api/admin/sources/${source.id}`,
      payload: { label: `${label} (private)`, is_public: false, senders: ['mail.shop.example'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().source).toMatchObject({ label: `${label} (private)`, is_public: false, handle: source.handle });
    expect(edited.json().source.senders.map((s: { address: string }) => s.address)).toEqual(['*.mail.shop.example']);
    const init2 = (await t.app.inject({ method: 'GET', url: '/api/init' })).json();
    expect(init2.sources.some((s: { id: number }) => s.id === source.id)).toBe(false);

    const dup = await admin({ method: 'POST', url: '/api/admin/sources', payload: { label: 'x', handle: source.handle } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(ACCESS_MSG.sourceHandleTaken);
    const badSender = await admin({
      method: 'POST',
      url: '/api/admin/sources',
      payload: { label: 'y', senders: ['not a domain'] },
    });
    expect(badSender.statusCode).toBe(400);

    expect((await admin({ method: 'DELETE', url: `/api/admin/sources/${source.id}` })).json()).toMatchObject({
      success: true,
      msg: ACCESS_MSG.sourceDeleted,
    });
    expect((await admin({ method: 'GET', url: `/api/admin/sources/${source.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/admin/sources/${source.id}` })).statusCode).toBe(404);
  });

  it('a new source defaults to public with no senders (docs/product.md §2 draft)', async () => {
    const res = await admin({ method: 'POST', url: '/api/admin/sources', payload: { label: `Draft ${Date.now()}` } });
    expect(res.json().source).toMatchObject({ is_public: true, senders: [] });
  });

  it('users: listed with their states; approve, suspend (sessions end, sign-in refused), unsuspend', async () => {
    const m = await createMember(t.services, { approved: false });
    const cookie = await login(t.app, m.handle, m.password);
    const users = (await admin({ method: 'GET', url: '/api/admin/users' })).json().users;
    expect(users[0]).toMatchObject({ id: 1, handle: 'admin', is_admin: true, package_id: 2 });
    const row = users.find((u: { id: number }) => u.id === m.account.id);
    expect(row).toMatchObject({
      handle: m.handle,
      email: m.account.email,
      approved: null,
      suspended: null,
      package_id: 1,
      is_admin: false,
    });
    expect(row.registered).not.toBeNull();
    expect(row).not.toHaveProperty('password_hash');
    expect(JSON.stringify(users)).not.toContain('argon2');

    const approved = await admin({ method: 'POST', url: `/api/admin/users/${m.account.id}/approve` });
    expect(approved.json()).toMatchObject({ success: true, msg: ACCESS_MSG.userApproved });
    expect(approved.json().user.approved).not.toBeNull();

    const suspended = await admin({ method: 'POST', url: `/api/admin/users/${m.account.id}/suspend` });
    expect(suspended.json().user.suspended).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } })).statusCode).toBe(401);
    await expect(login(t.app, m.handle, m.password)).rejects.toThrow(/401/);

    const back = await admin({ method: 'POST', url: `/api/admin/users/${m.account.id}/unsuspend` });
    expect(back.json().user.suspended).toBeNull();
    await expect(login(t.app, m.handle, m.password)).resolves.toContain('sid=');

    expect((await admin({ method: 'POST', url: '/api/admin/users/999999/approve' })).statusCode).toBe(404);
  });

  it('the admin account can never be suspended', async () => {
    const res = await admin({ method: 'POST', url: '/api/admin/users/1/suspend' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(ACCESS_MSG.cannotSuspendAdmin);
    expect((await admin({ method: 'GET', url: '/api/authenticate' })).statusCode).toBe(200);
  });

  it('logs: failed inbound rows (no content), outbound mail by state, and SMTP refusals', async () => {
    const { db } = t.services.database;
    const secret = 'Subject: top secret body text';
    const [row] = await db
      .insert(inbound)
      .values({
        raw: Buffer.from(secret),
        size: secret.length,
        rcptTo: ['x@alias.localhost'],
        aliasIds: [],
        state: 'failed',
        error: 'parse timeout',
        attempts: 3,
      })
      .returning();
    const out = await insertOutbox(
      db,
      sealedOutbox(t.services.keys, {
        kind: 'reset',
        fromAddress: 'a@b.example',
        toAddress: 'gone@nowhere.example',
        content: { subject: 'secret subject', text: 'secret text', html: null },
      }),
    );
    await recordOutboxAttempt(db, out.id, { state: 'failed', error: '550 5.1.1 no such user' });
    const queued = await insertOutbox(
      db,
      sealedOutbox(t.services.keys, {
        kind: 'chat',
        fromAddress: 'a@b.example',
        toAddress: 'pal@friend.example',
        content: { subject: 'secret subject', text: 'secret text', html: null },
      }),
    );
    // What the mx writes when it refuses mail for a known alias (apps/mx/src/alias-log.ts).
    const alias = await createAlias(await signedIn(t.app, t.services));
    await insertAliasLogs(db, [
      { aliasId: alias.id, userId: null, method: 'SMTP', endpoint: 'RCPT', status: 550, detail: 'refused: sender not approved' },
      { aliasId: alias.id, userId: null, method: 'SMTP', endpoint: 'DATA', status: 250, detail: 'accepted' },
    ]);

    const res = await admin({ method: 'GET', url: '/api/admin/logs' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.inbound.find((r: { id: number }) => r.id === row!.id)).toMatchObject({
      error: 'parse timeout',
      size: secret.length,
      attempts: 3,
    });
    expect(body.outbound.find((r: { id: number }) => r.id === out.id)).toMatchObject({
      kind: 'reset',
      to: 'gone@nowhere.example',
      state: 'failed',
      error: '550 5.1.1 no such user',
      attempts: 1,
    });
    expect(body.outbound.find((r: { id: number }) => r.id === queued.id)).toMatchObject({
      kind: 'chat',
      state: 'queued',
      sent: null,
    });
    expect(body.outbound_counts.failed).toBeGreaterThanOrEqual(1);
    expect(body.outbound_counts.queued).toBeGreaterThanOrEqual(1);
    expect(body.relay).toBe(true);
    const refusals = body.refused.filter((r: { alias_id: number }) => r.alias_id === alias.id);
    expect(refusals).toEqual([expect.objectContaining({ stage: 'RCPT', code: 550, reason: 'refused: sender not approved' })]);
    expect(res.body).not.toContain('secret');
  });

  it('test e-mail: sent through the relay, docs/product.md shape', async () => {
    const res = await admin({ method: 'POST', url: '/api/test', payload: { email: 1 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, msg: FLASH.emailSent, email: { ErrorMessage: null, ErrorRelatedTo: [] } });
    expect(body.email.Messages[0]).toMatchObject({ Status: 'success', To: [{ Email: 'admin@alias.localhost' }] });
    // Synchronous: the relay already has it.
    expect(t.capture.mailsTo('admin@alias.localhost').some((m) => /test e-mail/i.test(m.subject))).toBe(true);
  });

  it('test e-mail: a refusing relay gives the error shape and the danger text', async () => {
    t.capture.refuse.set('admin@alias.localhost', { code: 550, message: 'Mailbox unavailable' });
    try {
      const body = (await admin({ method: 'POST', url: '/api/test', payload: { email: true } })).json();
      expect(body.success).toBe(false);
      expect(body.email.Messages[0].Status).toBe('error');
      expect(body.email.ErrorMessage).toContain('Mailbox unavailable');
      expect(body.email.ErrorRelatedTo).toEqual(['admin@alias.localhost']);
      expect(body.msg).toBe(testEmailErrorFlash(body.email.ErrorMessage, body.email.ErrorRelatedTo));
      // And the failure is in the admin's logs.
      const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
      expect(
        logs.outbound.some((r: { kind: string; error: string }) => r.kind === 'test' && r.error.includes('Mailbox unavailable')),
      ).toBe(true);
    } finally {
      t.capture.refuse.clear();
    }
  });
});

describe('admin test e-mail without a relay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SMTP_RELAY_URL: '' });
  });
  afterAll(() => t.close());

  it('says no relay is configured and keeps the mail in the outbox', async () => {
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    const body = (await admin({ method: 'POST', url: '/api/test', payload: {} })).json();
    expect(body).toMatchObject({
      success: false,
      email: { Messages: [{ Status: 'kept' }], ErrorMessage: ACCESS_MSG.noRelay, ErrorRelatedTo: ['SMTP_RELAY_URL'] },
    });
    expect(body.msg).toBe(testEmailErrorFlash(ACCESS_MSG.noRelay, ['SMTP_RELAY_URL']));
  });
});
