import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember } from '@app/testing';

/**
 * Every admin call of the product, as (method, url, body). Bodies are valid for the admin, so a
 * refusal is about who asks, not what is asked.
 */
function adminCalls(memberId: number, sourceId: number, targetId: number): InjectOptions[] {
  const source = { label: 'Shop', is_public: true, senders: ['shop.example'] };
  return [
    { method: 'GET', url: '/api/admin/sources' },
    { method: 'POST', url: '/api/admin/sources', payload: source },
    { method: 'GET', url: `/api/admin/sources/${sourceId}` },
    { method: 'PUT', url: `/api/admin/sources/${sourceId}`, payload: { label: 'Renamed' } },
    { method: 'DELETE', url: `/api/admin/sources/${sourceId}` },
    { method: 'GET', url: '/api/admin/users' },
    { method: 'POST', url: `/api/admin/users/${targetId}/approve` },
    { method: 'POST', url: `/api/admin/users/${targetId}/suspend` },
    { method: 'POST', url: `/api/admin/users/${targetId}/unsuspend` },
    { method: 'GET', url: '/api/admin/logs' },
    { method: 'GET', url: '/api/admin/first-run' },
    { method: 'POST', url: '/api/admin/first-run/dismiss' },
    { method: 'POST', url: '/api/test', payload: { email: 1 } },
    // Invitations are admin-only too (docs/product.md §6), with the member's own id and with the admin's.
    ...[memberId, 1].flatMap((id): InjectOptions[] => [
      { method: 'GET', url: `/api/account/${id}/invitations` },
      { method: 'PUT', url: `/api/account/${id}/invite`, payload: { name: 'x', email: 'x@invitee.example', message: '' } },
      { method: 'PUT', url: `/api/account/${id}/invite/1` },
      { method: 'DELETE', url: `/api/account/${id}/invite/1` },
    ]),
  ];
}

describe('admin calls are for account 1 only (server-side)', () => {
  let t: TestApp;
  let sourceId: number;
  beforeAll(async () => {
    t = await build();
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    const created = await admin({ method: 'POST', url: '/api/admin/sources', payload: { label: `Guarded ${Date.now()}` } });
    sourceId = created.json().source.id;
  });
  afterAll(() => t.close());

  it('a member gets 403 on every admin call, and nothing changes', async () => {
    const m = await createMember(t.services);
    const target = await createMember(t.services, { approved: false });
    const member = as(t.app, await login(t.app, m.handle, m.password));
    const calls = adminCalls(m.account.id, sourceId, target.account.id);
    expect(calls.length).toBe(21);
    for (const call of calls) {
      const res = await member(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json(), `${call.method} ${call.url}`).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    // Bad bodies and ids do not change the answer: the role is checked before validation.
    for (const call of [
      { method: 'POST' as const, url: '/api/admin/sources', payload: { nonsense: true } },
      { method: 'GET' as const, url: '/api/admin/sources/not-a-number' },
      { method: 'PUT' as const, url: `/api/account/${m.account.id}/invite`, payload: {} },
    ]) {
      expect((await member(call)).statusCode, call.url).toBe(403);
    }
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    const src = await admin({ method: 'GET', url: `/api/admin/sources/${sourceId}` });
    expect(src.statusCode).toBe(200);
    const users = (await admin({ method: 'GET', url: '/api/admin/users' })).json().users;
    expect(users.find((u: { id: number }) => u.id === target.account.id)).toMatchObject({ approved: null, suspended: null });
  });

  it('signed out gets 401 on every admin read, and writes without the SPA headers are refused', async () => {
    for (const call of adminCalls(2, sourceId, 2)) {
      const write = call.method !== 'GET';
      const res = await t.app.inject({ ...call, headers: write ? WRITE_HEADERS : {} });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      if (write) {
        const forged = await t.app.inject({ ...call, headers: { 'content-type': 'application/json' } });
        expect(forged.statusCode).toBe(403);
        expect(forged.json().code).toBe('CSRF');
      }
    }
  });

  it('an unapproved or unregistered account gets 403 too', async () => {
    const m = await createMember(t.services, { approved: false });
    const held = as(t.app, await login(t.app, m.handle, m.password));
    for (const call of adminCalls(m.account.id, sourceId, m.account.id)) {
      expect((await held(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});
