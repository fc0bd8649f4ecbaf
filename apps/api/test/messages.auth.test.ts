// Verdicts visible through the API: mail over real SMTP, authenticated by the mx against
// a local DNS server, ingested by the worker, read back with GET .../message/{id}.
import { messages } from '@app/db';
import type { Alias } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, signedIn } from './alias-helpers';
import { getMessage, mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { type DnsStandIn, sendMail, startDnsStandIn, storeMessages } from '@app/testing';

let dns: DnsStandIn;
let rig: MailRig;
let r: Client;

beforeAll(async () => {
  dns = await startDnsStandIn();
  dns.txt.set('bank.example', ['v=spf1 ip4:192.0.2.1 -all']);
  dns.txt.set('_dmarc.bank.example', ['v=DMARC1; p=reject']);
  rig = await mailRig({ DNS_SERVERS: dns.server });
  r = await signedIn(rig.app, rig.services);
});
afterAll(async () => {
  await rig?.close();
  await dns?.close();
});

async function deliverAndRead(alias: Alias, from: string, subject: string) {
  await sendMail(rig.mx.port, { envelope: { from, to: [alias.address] }, from, to: alias.address, subject, text: 'Hello.' });
  const [summary] = await waitForMessages(r, alias.id);
  return getMessage(r, alias.id, summary!.id);
}

describe('GET .../message/{id} returns the sender verdicts', () => {
  it('a forged sender of a p=reject domain: DMARC fail, with the strong warning', async () => {
    const alias = await createAlias(r);
    const message = await deliverAndRead(alias, 'alerts@bank.example', 'Your account');
    expect(message.auth).toEqual({ spf: 'fail', dkim: 'none', dmarc: 'fail', arc: 'none' });
    expect(message.warnings).toContain(
      "This message claims to be from bank.example but is not: it failed that domain's DMARC check.",
    );
  });

  it('a domain that publishes nothing: all none, marked unverified', async () => {
    const alias = await createAlias(r);
    const put = await r.call({
      method: 'PUT',
      url: r.url(`/alias/${alias.id}`),
      payload: { is_whitelisted: 1, senders: ['quiet.example'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const message = await deliverAndRead(alias, 'friend@quiet.example', 'Hi');
    expect(message.auth).toEqual({ spf: 'none', dkim: 'none', dmarc: 'none', arc: 'none' });
    expect(message.warnings).toContain('The sender could not be verified: its domain publishes no SPF, DKIM or DMARC record.');
  });

  it('reads verdicts stored before ARC was recorded (no arc field) as arc none', async () => {
    const alias = await createAlias(r);
    const [id] = await storeMessages(rig.services, alias.id, 1);
    await rig.services.database.db
      .update(messages)
      .set({ auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' } })
      .where(eq(messages.id, id!));
    expect((await getMessage(r, alias.id, id!)).auth).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', arc: 'none' });
  });
});
