import { FIXED_LIMITS } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, cookieHeader, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember } from '@app/testing';

/** The api sits behind a proxy at 127.0.0.1 (inject's default peer address). */
const PROXY = '127.0.0.1';

describe('limits that cannot be raced or turned against the owner (docs/security.md W5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ TRUST_PROXY: `${PROXY},192.0.2.0/24` });
  });
  afterAll(() => t.close());

  const loginFrom = (client: string, handle: string, password: string, peer = PROXY) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: peer,
      headers: { ...WRITE_HEADERS, 'x-forwarded-for': client },
      payload: { handle, password },
    });

  it('parallel wrong logins give at most the allowed number of 401s', async () => {
    const m = await createMember(t.services);
    const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom('198.51.100.1', m.handle, `wrong-${i}-pass`)));
    const statuses = codes.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FIXED_LIMITS['login:pair'].limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FIXED_LIMITS['login:pair'].limit);
  });

  it("a stranger's failures do not block the owner from another address behind the trusted proxy", async () => {
    const m = await createMember(t.services);
    for (let i = 0; i < FIXED_LIMITS['login:pair'].limit + 5; i++) await loginFrom('203.0.113.9', m.handle, `guess-${i}-pass`);
    expect((await loginFrom('203.0.113.9', m.handle, m.password)).statusCode).toBe(429);
    const owner = await loginFrom('198.51.100.77', m.handle, m.password);
    expect(owner.statusCode).toBe(200);
  });

  it('the forwarded address is honoured from a trusted peer and ignored from any other', async () => {
    const m = await createMember(t.services);
    const sessionIp = async () => {
      const rows = await t.services.database.db.query.sessions.findMany({ where: (s, { eq }) => eq(s.accountId, m.account.id) });
      return rows.map((r) => r.ip);
    };
    expect((await loginFrom('198.51.100.23', m.handle, m.password)).statusCode).toBe(200);
    expect(await sessionIp()).toEqual(['198.51.100.23']);
    const viaCidr = await loginFrom('198.51.100.24', m.handle, m.password, '192.0.2.50');
    expect(viaCidr.statusCode).toBe(200);
    expect(await sessionIp()).toContain('198.51.100.24');
    // A client talking to the api directly cannot pick its own address.
    const direct = await loginFrom('198.51.100.25', m.handle, m.password, '10.1.2.3');
    expect(direct.statusCode).toBe(200);
    expect(await sessionIp()).toContain('10.1.2.3');
    expect(await sessionIp()).not.toContain('198.51.100.25');
  });

  it('an untrusted peer cannot dodge the login limit by forging X-Forwarded-For', async () => {
    const m = await createMember(t.services);
    const statuses: number[] = [];
    for (let i = 0; i < FIXED_LIMITS['login:pair'].limit + 2; i++) {
      statuses.push((await loginFrom(`198.51.100.${100 + i}`, m.handle, `wrong-${i}-pass`, '10.7.7.7')).statusCode);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it("wrong current passwords on the profile are counted per address: the owner's other address still gets an answer", async () => {
    const m = await createMember(t.services);
    const cookie = cookieHeader(await loginFrom('198.51.100.30', m.handle, m.password));
    const save = (client: string, old: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/account/${m.account.id}`,
        remoteAddress: PROXY,
        headers: { ...WRITE_HEADERS, cookie, 'x-forwarded-for': client },
        payload: { handle: `h_${Date.now().toString(36)}`, old_password: old },
      });
    const parallel = await Promise.all(Array.from({ length: 20 }, (_, i) => save('203.0.113.40', `wrong-${i}`)));
    expect(parallel.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect(parallel.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect((await save('198.51.100.30', 'still-wrong')).statusCode).toBe(400);
  });

  it('address checks and generators are rate-limited per account', async () => {
    const m = await createMember(t.services);
    const cookie = cookieHeader(await loginFrom('198.51.100.31', m.handle, m.password));
    const get = (what: string) =>
      t.app.inject({ method: 'GET', url: `/api/account/${m.account.id}/generate/${what}`, headers: { cookie } });
    const results = await Promise.all(
      Array.from({ length: FIXED_LIMITS.lookup.limit + 5 }, (_, i) => get(['handle', 'password', 'name'][i % 3]!)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(FIXED_LIMITS.lookup.limit);
    const check = await t.app.inject({
      method: 'PUT',
      url: `/api/account/${m.account.id}/check/alias`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { handle: 'some_name' },
    });
    expect(check.statusCode).toBe(429);
    const generate = await t.app.inject({
      method: 'PUT',
      url: `/api/account/${m.account.id}/generate/alias`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: {},
    });
    expect(generate.statusCode).toBe(429);
  });
});

describe('no timing oracle on reset (docs/security.md W6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
  };

  it('known and unknown addresses answer in the same time (medians of 20 tries within 2 ms)', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await createMember(t.services));
    const timed = async (email: string, i: number) => {
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reset',
        headers: WRITE_HEADERS,
        payload: { email },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      const ms = performance.now() - start;
      expect(res.statusCode).toBe(200);
      // Let the work behind a known address finish before the next try is timed.
      await new Promise((r) => setTimeout(r, 50));
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 20; i++) {
      // Interleaved, so that drift in the machine's load hits both alike.
      known.push(await timed(members[i]!.account.email, i));
      unknown.push(await timed(`nobody-${i}-${Date.now()}@example.test`, i + 100));
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(2);
  });
});
