// Outbound DKIM: the shared domain's key is made on first use and sealed at rest; the
// records GET /api/admin/dns-records publishes verify our own mail as dkim=pass with mailauth,
// against a local DNS server and a local relay (no remote lookups).
import { domains, insertPersonalDomain, markDomainVerified } from '@app/db';
import { createAuthResolver } from '@app/mail/sender-auth';
import { authenticate } from 'mailauth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, type RelayTestApp } from './access-helpers';
import { as, login } from './helpers';
import type { DnsRecord } from '@app/shared';
import { createMember, type DnsStandIn, startDnsStandIn } from '@app/testing';
import { queueProductMail } from '@app/runtime';

let dns: DnsStandIn;
let t: RelayTestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  dns = await startDnsStandIn();
  t = await buildWithRelay({ DNS_SERVERS: dns.server });
  // The shared domain row is shared by every test file on one database, each with its own master
  // key: start from no key, so this file's services make (and can open) it.
  await t.services.database.db
    .update(domains)
    .set({ dkimSelector: null, dkimPublicKey: null, dkimKeyId: null, dkimPrivateSealed: null })
    .where(eq(domains.id, 1));
  admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const records = async (check = false): Promise<DnsRecord[]> => {
  const res = await admin({ method: 'GET', url: `/api/admin/dns-records${check ? '?check=1' : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().records;
};

/** Puts the records into the local DNS server, as the operator would at their DNS host. */
function publish(list: DnsRecord[]) {
  for (const r of list) {
    if (r.type === 'MX') {
      const [priority, exchange] = r.value.split(' ');
      dns.mx.set(r.name, [{ priority: Number(priority), exchange: exchange! }]);
    } else dns.txt.set(r.name, [...(dns.txt.get(r.name) ?? []), r.value]);
  }
}

async function verify(raw: Buffer) {
  const res = await authenticate(raw, {
    ip: '127.0.0.1',
    helo: 'relay.test',
    sender: 'no-reply@' + t.services.config.MAIL_DOMAIN,
    trustReceived: false,
    resolver: createAuthResolver({ servers: [dns.server] }),
  });
  return res.dkim.results;
}

describe('DNS records and DKIM-signed outbound mail', () => {
  it('lists MX, SPF, DKIM and DMARC for the shared domain; check finds them once published', async () => {
    const domain = t.services.config.MAIL_DOMAIN;
    const list = await records();
    expect(list.map((r) => [r.type, r.name])).toEqual([
      ['MX', domain],
      ['TXT', domain],
      ['TXT', expect.stringMatching(new RegExp(`^s\\d{8}\\._domainkey\\.${domain.replace('.', '\\.')}$`))],
      ['TXT', `_dmarc.${domain}`],
    ]);
    expect(list[2]!.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    // The same key on every call: it is made once.
    expect(await records()).toEqual(list);
    expect((await records(true)).map((r) => r.published)).toEqual([false, false, false, false]);
    publish(list);
    expect((await records(true)).map((r) => r.published)).toEqual([true, true, true, true]);
  });

  it('keeps the private key sealed at rest (docs/security.md W10)', async () => {
    await records();
    const [row] = await t.services.database.db.select().from(domains).where(eq(domains.id, 1));
    expect(row!.dkimPrivateSealed).toBeInstanceOf(Buffer);
    expect(row!.dkimPrivateSealed!.toString('latin1')).not.toContain('PRIVATE KEY');
  });

  it('signs the admin test e-mail and queued mail so that they verify as dkim=pass against the published record', async () => {
    const list = await records();
    if (!dns.txt.has(list[2]!.name)) publish(list);
    const selector = list[2]!.name.split('.')[0];

    const sent = await admin({ method: 'POST', url: '/api/test', payload: { email: 1 } });
    expect(sent.json().success, sent.body).toBe(true);
    const adminMail = t.capture.mails.find((m) => m.subject.includes('test e-mail'))!;
    const direct = await verify(adminMail.raw);
    expect(direct).toHaveLength(1);
    expect(direct[0]).toMatchObject({ signingDomain: t.services.config.MAIL_DOMAIN, selector, status: { result: 'pass' } });

    // The worker's sender (invitations, resets, digests) signs too.
    const to = `someone-${Date.now()}@example.test`;
    await queueProductMail(t.services, {
      kind: 'invitation',
      to,
      content: { subject: 'Queued', text: 'Hello.', html: '<p>Hello.</p>' },
    });
    const queued = await t.capture.waitFor(to);
    expect((await verify(queued.raw))[0]).toMatchObject({
      signingDomain: t.services.config.MAIL_DOMAIN,
      status: { result: 'pass' },
    });
  });

  it("a verified personal domain's owner gets the same set for it; others get 404, before verification 409", async () => {
    const owner = await createMember(t.services, { packageId: 5 });
    const other = await createMember(t.services, { packageId: 5 });
    const name = `own-${Date.now()}.example`;
    const domain = await insertPersonalDomain(t.services.database.db, owner.account.id, name, 'token');
    const asOwner = as(t.app, await login(t.app, owner.handle, owner.password));
    const url = `/api/account/${owner.account.id}/domains/${domain.id}/dns-records`;
    expect((await asOwner({ method: 'GET', url })).statusCode).toBe(409);
    await markDomainVerified(t.services.database.db, domain.id);
    const res = await asOwner({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const list: DnsRecord[] = res.json().records;
    expect(list.map((r) => r.name)).toEqual([
      name,
      name,
      expect.stringMatching(new RegExp(`\\._domainkey\\.${name.replace(/\./g, '\\.')}$`)),
      `_dmarc.${name}`,
    ]);
    expect(list[0]!.value).toBe(`10 ${t.services.config.MAIL_DOMAIN}`);
    // Another account: the same 404 as a missing domain, on its own URL and on the owner's.
    const asOther = as(t.app, await login(t.app, other.handle, other.password));
    expect(
      (await asOther({ method: 'GET', url: `/api/account/${other.account.id}/domains/${domain.id}/dns-records` })).statusCode,
    ).toBe(404);
    expect((await asOther({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('is for the admin only', async () => {
    const member = await createMember(t.services);
    const res = await as(
      t.app,
      await login(t.app, member.handle, member.password),
    )({ method: 'GET', url: '/api/admin/dns-records' });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dns-records' })).statusCode).toBe(401);
  });
});
