import { domains } from '@app/db';
import { runRetention } from '@app/worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, type TestApp } from './helpers';
import { createMember, type DnsStandIn, startDnsStandIn } from '@app/testing';

describe('personal domain claims (W24)', () => {
  let t: TestApp;
  let dns: DnsStandIn;
  beforeAll(async () => {
    dns = await startDnsStandIn();
    t = await build({ DNS_SERVERS: dns.server, MAIL_DOMAIN: 'alias.example.test', DOMAIN_CLAIMS_PER_ACCOUNT: '2' });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  /** A member with the personal-domain feature, and requests in its name under its domains path. */
  async function owner() {
    const m = await createMember(t.services, { packageId: 5 });
    const req = as(t.app, await login(t.app, m.handle, m.password));
    const base = `/api/account/${m.account.id}/domains`;
    return {
      claim: (name: string) => req({ method: 'POST', url: base, payload: { name } }),
      verify: (id: number) => req({ method: 'POST', url: `${base}/${id}/verify` }),
      remove: (id: number) => req({ method: 'DELETE', url: `${base}/${id}` }),
      names: async () => ((await req({ method: 'GET', url: base })).json().domains as Array<{ name: string }>).map((d) => d.name),
    };
  }

  let n = 0;
  const freshName = () => `claim-${Date.now().toString(36)}-${n++}.example`;

  /** Publishes the claim's TXT proof in the stand-in DNS. */
  function prove(domain: { name: string; txt_value: string }) {
    dns.txt.set(`_alias-verify.${domain.name}`, [domain.txt_value]);
  }

  it('an unverified claim never blocks another account: the one that proves the name keeps it, the other claim is dropped', async () => {
    const squatter = await owner();
    const real = await owner();
    const name = freshName();
    const squat = await squatter.claim(name);
    expect(squat.statusCode).toBe(201);

    const claimed = await real.claim(name);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const domain = claimed.json().domain;
    // Each claim has its own proof: the squatter cannot verify with the real owner's record.
    expect(domain.txt_value).not.toBe(squat.json().domain.txt_value);
    prove(domain);
    expect((await squatter.verify(squat.json().domain.id)).statusCode).toBe(400);

    const verified = await real.verify(domain.id);
    expect(verified.json()).toMatchObject({ success: true, domain: { name, verified: true } });
    expect(await real.names()).toContain(name);
    // The squatter's claim is gone, and the name is now in use for everyone else.
    expect(await squatter.names()).not.toContain(name);
    expect((await squatter.verify(squat.json().domain.id)).statusCode).toBe(404);
    const again = await squatter.claim(name);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('That domain is already in use.');
    expect((await (await owner()).claim(name)).statusCode).toBe(409);
  });

  it('one account claims a name once, and holds at most DOMAIN_CLAIMS_PER_ACCOUNT unverified claims', async () => {
    const o = await owner();
    const first = (await o.claim(freshName())).json().domain;
    expect((await o.claim(first.name)).statusCode).toBe(409);
    const second = (await o.claim(freshName())).json().domain;
    const third = await o.claim(freshName());
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      msg: 'You have 2 domains waiting for verification: verify or remove one first.',
    });
    // A verified domain no longer waits, and a removed claim frees its place.
    prove(first);
    expect((await o.verify(first.id)).statusCode).toBe(200);
    expect((await o.claim(freshName())).statusCode).toBe(201);
    expect((await o.claim(freshName())).statusCode).toBe(403);
    expect((await o.remove(second.id)).statusCode).toBe(200);
    expect((await o.claim(freshName())).statusCode).toBe(201);
  });

  it('the retention run deletes claims left unverified for DOMAIN_CLAIM_DAYS, and keeps fresh and verified ones', async () => {
    const o = await owner();
    const { db } = t.services.database;
    const stale = (await o.claim(freshName())).json().domain;
    const kept = (await o.claim(freshName())).json().domain;
    prove(kept);
    expect((await o.verify(kept.id)).statusCode).toBe(200);
    const fresh = (await o.claim(freshName())).json().domain;
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60_000);
    await db.update(domains).set({ createdAt: eightDaysAgo }).where(eq(domains.id, stale.id));
    await db.update(domains).set({ createdAt: eightDaysAgo }).where(eq(domains.id, kept.id));
    await db.update(domains).set({ createdAt: sixDaysAgo }).where(eq(domains.id, fresh.id));

    await runRetention(t.services);
    const names = await o.names();
    expect(names).not.toContain(stale.name);
    expect(names).toEqual(expect.arrayContaining([kept.name, fresh.name]));
    // The expired claim no longer counts against the cap, and its name can be claimed again.
    expect((await o.claim(stale.name)).statusCode).toBe(201);
  });
});
