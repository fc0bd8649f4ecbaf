// The record check behind `?check=1` (and `cli dns-check`): equivalent records count, a wrong one is
// explained in words; MX_HOSTNAME is the one name every MX record, the verify message and the
// outbound EHLO use. DNS is a local stand-in server; the relay a local SMTP capture at 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord } from '@app/shared';
import { buildWithRelay, type RelayTestApp } from './access-helpers';
import { as, login } from './helpers';
import { createMember, type DnsStandIn, startDnsStandIn } from '@app/testing';
import { queueProductMail } from '@app/runtime';

const MX = 'mx.example.test';

let dns: DnsStandIn;
let t: RelayTestApp;

beforeAll(async () => {
  dns = await startDnsStandIn();
  t = await buildWithRelay({ DNS_SERVERS: dns.server, MX_HOSTNAME: MX });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

type Checked = DnsRecord & { published: boolean; problem?: string };

let n = 0;
/** A verified personal domain of a new Pro member: its records, and a way to check them. */
async function personalDomain() {
  const owner = await createMember(t.services, { packageId: 5 });
  const req = as(t.app, await login(t.app, owner.handle, owner.password));
  const name = `d${++n}-${Date.now()}.example`;
  const base = `/api/account/${owner.account.id}/domains`;
  const added = await req({ method: 'POST', url: base, payload: { name } });
  expect(added.statusCode, added.body).toBe(201);
  const domain = added.json().domain as { id: number; txt_name: string; txt_value: string; mx_target: string };
  expect(domain.mx_target).toBe(MX);
  dns.txt.set(domain.txt_name, [domain.txt_value]);
  const verified = await req({ method: 'POST', url: `${base}/${domain.id}/verify` });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json().msg).toBe(`Domain verified. Point its MX record at ${MX} to receive mail.`);
  const url = `${base}/${domain.id}/dns-records`;
  const records: DnsRecord[] = (await req({ method: 'GET', url })).json().records;
  const check = async (): Promise<Checked[]> => (await req({ method: 'GET', url: `${url}?check=1` })).json().records;
  const dkim = records.find((r) => r.name.includes('._domainkey.'))!;
  return { name, records, check, dkim };
}

const byKind = (list: Checked[]) => ({
  mx: list.find((r) => r.type === 'MX')!,
  spf: list.find((r) => r.value.startsWith('v=spf1'))!,
  dkim: list.find((r) => r.name.includes('._domainkey.'))!,
  dmarc: list.find((r) => r.name.startsWith('_dmarc.'))!,
});

describe('DNS records from MX_HOSTNAME, checked for their effect', () => {
  it('shows MX to MX_HOSTNAME and, before anything is published, says what is missing', async () => {
    const d = await personalDomain();
    expect(d.records.find((r) => r.type === 'MX')!.value).toBe(`10 ${MX}`);
    // The relay is 127.0.0.1: SPF names its address.
    expect(d.records.find((r) => r.value.startsWith('v=spf1'))!.value).toBe('v=spf1 mx ip4:127.0.0.1 -all');
    const c = byKind(await d.check());
    expect(c.mx).toMatchObject({ published: false, problem: `No MX record is published for ${d.name}.` });
    expect(c.spf).toMatchObject({ published: false, problem: `No SPF record (v=spf1) is published for ${d.name}.` });
    expect(c.dkim).toMatchObject({ published: false, problem: `No DKIM record is published at ${d.dkim.name}.` });
    expect(c.dmarc).toMatchObject({ published: false, problem: `No DMARC record (v=DMARC1) is published at _dmarc.${d.name}.` });
  });

  it('accepts the documented records: MX at another priority, SPF by ip4 range, DKIM tags reordered, DMARC with rua=', async () => {
    const d = await personalDomain();
    dns.mx.set(d.name, [{ priority: 20, exchange: `${MX}.` }]);
    dns.txt.set(d.name, ['v=spf1 ip4:127.0.0.0/8 -all', 'google-site-verification=abc']);
    const key = d.dkim.value.split('p=')[1]!;
    dns.txt.set(d.dkim.name, [`k=rsa; v=DKIM1; p=${key}`]);
    dns.txt.set(`_dmarc.${d.name}`, [`v=DMARC1; p=reject; rua=mailto:postmaster@${d.name}; pct=100`]);
    const checked = await d.check();
    expect(checked.map((r) => [r.published, r.problem])).toEqual(checked.map(() => [true, undefined]));
  });

  it('follows SPF through a, mx, include and redirect to the sending address', async () => {
    const d = await personalDomain();
    const spf = async (record: string) => {
      dns.txt.set(d.name, [record]);
      return byKind(await d.check()).spf;
    };
    dns.a.set('relay-host.example.test', ['127.0.0.1']);
    expect(await spf('v=spf1 a:relay-host.example.test -all')).toMatchObject({ published: true });
    dns.mx.set(d.name, [{ priority: 10, exchange: 'relay-host.example.test' }]);
    expect(await spf('v=spf1 mx -all')).toMatchObject({ published: true });
    dns.txt.set(`_spf.${d.name}`, ['v=spf1 ip4:10.0.0.0/8 include:_inner.example.test ~all']);
    dns.txt.set('_inner.example.test', ['v=spf1 ip4:127.0.0.1 -all']);
    expect(await spf(`v=spf1 include:_spf.${d.name} -all`)).toMatchObject({ published: true });
    expect(await spf(`v=spf1 redirect=_spf.${d.name}`)).toMatchObject({ published: true });
  });

  it('refuses records that do not do their job, and says why', async () => {
    const d = await personalDomain();
    dns.mx.set(d.name, [{ priority: 10, exchange: 'mail.elsewhere.example' }]);
    dns.txt.set(d.name, ['v=spf1 ip4:192.0.2.0/24 -all']);
    dns.txt.set(d.dkim.name, ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother']);
    dns.txt.set(`_dmarc.${d.name}`, ['v=DMARC1; p=none; rua=mailto:x@example.test']);
    let c = byKind(await d.check());
    expect(c.mx).toMatchObject({
      published: false,
      problem: `The MX record of ${d.name} points at mail.elsewhere.example, not at ${MX}.`,
    });
    expect(c.spf).toMatchObject({
      published: false,
      problem: `The SPF record of ${d.name} does not let 127.0.0.1 (127.0.0.1) send: add ip4:127.0.0.1.`,
    });
    expect(c.dkim).toMatchObject({
      published: false,
      problem: `The DKIM record at ${d.dkim.name} holds another key than this one.`,
    });
    expect(c.dmarc).toMatchObject({
      published: false,
      problem: 'The DMARC policy is p=none; it must be p=quarantine or p=reject.',
    });

    // A matching mechanism with a fail qualifier, `+all`, and two SPF records do not count either.
    dns.txt.set(d.name, ['v=spf1 -ip4:127.0.0.1 +all']);
    expect(byKind(await d.check()).spf.published).toBe(false);
    dns.txt.set(d.name, ['v=spf1 +all']);
    expect(byKind(await d.check()).spf.published).toBe(false);
    dns.txt.set(d.name, ['v=spf1 ip4:127.0.0.1 -all', 'v=spf1 mx -all']);
    c = byKind(await d.check());
    expect(c.spf).toMatchObject({
      published: false,
      problem: `${d.name} has 2 SPF records; receivers treat that as an error, so keep one.`,
    });
  });

  it('names MX_HOSTNAME in EHLO to the relay, for queued and direct mail', async () => {
    const to = `helo-${Date.now()}@example.test`;
    await queueProductMail(t.services, {
      kind: 'invitation',
      to,
      content: { subject: 'Queued', text: 'Hello.', html: '<p>Hello.</p>' },
    });
    expect((await t.capture.waitFor(to)).helo).toBe(MX);
    const admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    const sent = await admin({ method: 'POST', url: '/api/test', payload: { email: 1 } });
    expect(sent.json().success, sent.body).toBe(true);
    expect(t.capture.mails.find((m) => m.subject.includes('test e-mail'))!.helo).toBe(MX);
  });
});
