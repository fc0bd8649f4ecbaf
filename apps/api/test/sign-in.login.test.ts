import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../src/index';
import { build, login, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember, testServices } from '@app/testing';

describe('sign-in (happy paths)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('GET /api/init returns packages, public sources, domains and keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/init' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.packages.map((p: { id: number }) => p.id).slice(0, 2)).toEqual([1, 2]);
    expect(body.packages[1].handle).toBe('vip');
    expect(body.domains[0]).toMatchObject({ id: 1 });
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources[0].senders.length).toBeGreaterThan(0);
    expect(body.keys).toHaveProperty('stripe');
  });

  it('the admin signs in, is account 1, and authenticate returns them', async () => {
    const cookie = await login(t.app, 'admin', 'admin-password-1');
    const res = await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: 1, handle: 'admin', is_admin: true } });
    expect(res.json().user).not.toHaveProperty('token');
    expect(res.json().user).not.toHaveProperty('password_hash');
  });

  it('handles are case-insensitive at sign-in', async () => {
    const m = await createMember(t.services);
    await expect(login(t.app, m.handle.toUpperCase(), m.password)).resolves.toContain('sid=');
  });

  it('authentication_silent answers 200 success:false when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/authentication_silent' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false });
  });

  it('logout ends the session server-side: the old cookie no longer works', async () => {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...WRITE_HEADERS } });
    expect(out.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/authenticate', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('sign-in through the real HTTP server', () => {
  it('POST /api/login sets an HttpOnly cookie that authenticates later requests', async () => {
    const services = await testServices({ HOST: '127.0.0.1' });
    const api = await startApi(services, { port: 0, webDist: '/nonexistent' });
    try {
      const res = await fetch(`${api.url}/api/login`, {
        method: 'POST',
        headers: WRITE_HEADERS,
        body: JSON.stringify({ handle: 'admin', password: 'admin-password-1' }),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).success).toBe(true);
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const cookie = setCookie.split(';')[0]!;
      const me = await fetch(`${api.url}/api/authenticate`, { headers: { cookie } });
      expect(await me.json()).toMatchObject({ success: true, user: { id: 1 } });
      const anon = await fetch(`${api.url}/api/authenticate`);
      expect(anon.status).toBe(401);
      expect(await anon.json()).toMatchObject({ success: false });
    } finally {
      await api.close();
      await services.close();
    }
  });
});
