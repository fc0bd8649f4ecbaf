import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, type TestApp } from './helpers';
import { createMember, type DnsStandIn, startDnsStandIn } from '@app/testing';

describe('personal domains (DNS proof through a local DNS server)', () => {
  let t: TestApp;
  let dns: DnsStandIn;
  beforeAll(async () => {
    dns = await startDnsStandIn();
    t = await build({ DNS_SERVERS: dns.server, MAIL_DOMAIN: 'alias.example.test' });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  it('a package without the feature cannot add a domain', async () => {
    const m = await createMember(t.services, { packageId: 1 });
    const req = as(t.app, await login(t.app, m.handle, m.password));
    const res = await req({ method: 'POST', url: `/api/account/${m.account.id}/domains`, payload: { name: 'mine.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Your package does not include a personal domain.');
  });

  it('adds, proves by TXT record, and then lists the domain as verified; others get 404', async () => {
    const m = await createMember(t.services, { packageId: 5 });
    const req = as(t.app, await login(t.app, m.handle, m.password));
    const base = `/api/account/${m.account.id}/domains`;
    const name = `${m.handle.replace(/_/g, '-')}.example`;

    for (const bad of ['not a domain', 'alias.example.test', 'x.alias.example.test']) {
      const res = await req({ method: 'POST', url: base, payload: { name: bad } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const added = await req({ method: 'POST', url: base, payload: { name } });
    expect(added.statusCode).toBe(201);
    const domain = added.json().domain;
    expect(domain).toMatchObject({
      name,
      personal: true,
      verified: false,
      txt_name: `_alias-verify.${name}`,
      mx_target: 'alias.example.test',
    });
    expect((await req({ method: 'POST', url: base, payload: { name } })).statusCode).toBe(409);

    const notYet = await req({ method: 'POST', url: `${base}/${domain.id}/verify` });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().msg).toBe(`The TXT record _alias-verify.${name} was not found yet.`);

    dns.txt.set(`_alias-verify.${name}`, [domain.txt_value]);
    dns.mx.set(name, [{ priority: 10, exchange: 'alias.example.test' }]);
    const verified = await req({ method: 'POST', url: `${base}/${domain.id}/verify` });
    expect(verified.json()).toMatchObject({ success: true, msg: 'Domain verified.', domain: { verified: true } });
    const list = (await req({ method: 'GET', url: base })).json().domains;
    expect(list.map((d: { name: string }) => d.name)).toEqual(['alias.example.test', name]);

    const other = await createMember(t.services, { packageId: 5 });
    const oreq = as(t.app, await login(t.app, other.handle, other.password));
    expect((await oreq({ method: 'POST', url: `/api/account/${other.account.id}/domains/${domain.id}/verify` })).statusCode).toBe(
      404,
    );
    expect((await oreq({ method: 'DELETE', url: `/api/account/${other.account.id}/domains/${domain.id}` })).statusCode).toBe(404);
    expect((await oreq({ method: 'GET', url: base })).statusCode).toBe(404);

    expect((await req({ method: 'DELETE', url: `${base}/${domain.id}` })).json()).toMatchObject({ success: true });
    expect((await req({ method: 'GET', url: base })).json().domains).toHaveLength(1);
  });
});
