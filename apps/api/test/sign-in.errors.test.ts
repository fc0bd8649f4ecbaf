import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember } from '@app/testing';

describe('sign-in (errors)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = WRITE_HEADERS) =>
    t.app.inject({ method: 'POST', url: '/api/login', headers, payload: payload as string });

  it('a wrong password and an unknown handle get the same generic 401', async () => {
    const m = await createMember(t.services);
    const wrong = await post({ handle: m.handle, password: 'not-the-password' });
    const unknown = await post({ handle: 'nobody_here', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, msg: 'Invalid username or password.', code: 'UNAUTHENTICATED' });
    }
  });

  it('a malformed body gets a clear 4xx, never a 500', async () => {
    const cases = [
      await post({ handle: 'admin' }),
      await post({ handle: 42, password: [] }),
      await post('{"handle": "admin", ', WRITE_HEADERS),
      await post('handle=admin&password=x', { ...WRITE_HEADERS, 'content-type': 'application/x-www-form-urlencoded' }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(typeof body.msg).toBe('string');
      expect(body.msg.length).toBeGreaterThan(0);
    }
  });

  it('the 11th wrong password within a minute is refused by the rate limit, even when right', async () => {
    const m = await createMember(t.services);
    for (let i = 0; i < 10; i++) expect((await post({ handle: m.handle, password: `wrong-${i}-pass` })).statusCode).toBe(401);
    const eleventh = await post({ handle: m.handle, password: m.password });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
