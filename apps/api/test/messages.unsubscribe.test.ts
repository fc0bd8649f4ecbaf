// Unsubscribe (docs/product.md §3 "Unsubscribe"): newsletters over real SMTP through the mx and the
// worker, then the real API: the one-click POST the server makes to a local HTTPS receiver, the
// mailto: unsubscribe reaching the relay stand-in from the alias, and the plain link handed back.
import { listAliasLogEntries, messages } from '@app/db';
import type { Alias, Message, MessageSummary, UnsubscribeResult } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL } from './access-helpers';
import { aliasOnOwnDomain, createAlias, json, signedIn, uniq, type Client } from './alias-helpers';
import { getMessage, mailRig, waitForMessages, type MailRig } from './messages-helpers';
import {
  type DnsStandIn,
  type PushStandIn,
  sendMail,
  type SmtpCapture,
  startDnsStandIn,
  startPushStandIn,
  startSmtpCapture,
  trustStandIn,
} from '@app/testing';

let dns: DnsStandIn;
let receiver: PushStandIn;
let relay: SmtpCapture;
let rig: MailRig;
let c: Client;

const LIST = 'news.example';

beforeAll(async () => {
  dns = await startDnsStandIn();
  // The newsletter's domain passes SPF from loopback under a p=reject DMARC policy: an authenticated sender.
  dns.txt.set(LIST, ['v=spf1 ip4:127.0.0.1 -all']);
  dns.txt.set(`_dmarc.${LIST}`, ['v=DMARC1; p=reject']);
  // The sender's unsubscribe server: HTTPS on loopback with a throw-away certificate this process trusts.
  receiver = await startPushStandIn();
  trustStandIn(receiver);
  relay = await startSmtpCapture();
  rig = await mailRig({
    DNS_SERVERS: dns.server,
    SMTP_RELAY_URL: relay.url,
    PUBLIC_URL: TEST_PUBLIC_URL,
    FETCH_ALLOW_HOSTS: new URL(receiver.origin).host,
  });
  c = await signedIn(rig.app, rig.services);
});
afterAll(async () => {
  await rig?.close();
  await relay?.close();
  await receiver?.close();
  await dns?.close();
});

/** A newsletter from the list's domain with the given List-Unsubscribe fields; answers it as listed. */
async function newsletter(alias: Alias, headers: Record<string, string>): Promise<MessageSummary> {
  const from = `letters@${LIST}`;
  await sendMail(rig.mx.port, {
    envelope: { from, to: [alias.address] },
    from: `The Weekly <${from}>`,
    to: alias.address,
    subject: 'This week',
    text: 'News.',
    headers,
  });
  const [summary] = await waitForMessages(c, alias.id);
  return summary!;
}

const unsubscribe = (alias: Alias, messageId: number, payload?: Record<string, unknown>) =>
  c.call({ method: 'POST', url: c.url(`/alias/${alias.id}/message/${messageId}/unsubscribe`), payload: payload ?? {} });

describe('unsubscribe from a newsletter', () => {
  it('one-click: the server POSTs List-Unsubscribe=One-Click once, with no cookie, referrer or origin of ours (UN1)', async () => {
    const alias = await createAlias(c);
    const path = `/unsubscribe/${uniq('u')}?list=weekly`;
    const summary = await newsletter(alias, {
      'List-Unsubscribe': `<mailto:leave@${LIST}>, <${receiver.origin}${path}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(summary.unsubscribe).toEqual(['one-click', 'mailto']);

    // Kept sealed: the unsubscribe address appears nowhere in clear in the message's row.
    const [row] = await rig.services.database.db.select().from(messages).where(eq(messages.id, summary.id));
    const atRest = Object.values(row!)
      .map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') : typeof v === 'bigint' ? String(v) : JSON.stringify(v)))
      .join('\n');
    expect(atRest).not.toContain('/unsubscribe/');
    expect(atRest).not.toContain(`leave@${LIST}`);

    const res = await unsubscribe(alias, summary.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ unsubscribe: UnsubscribeResult }>(res).unsubscribe).toEqual({ method: 'one-click', done: 'posted', url: null });

    const hits = receiver.received.filter((r) => r.path === path);
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit!.body.toString()).toBe('List-Unsubscribe=One-Click');
    expect(hit!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(hit!.headers.cookie).toBeUndefined();
    expect(hit!.headers.referer).toBeUndefined();
    expect(hit!.headers.origin).toBeUndefined();
    expect(hit!.headers['user-agent']).not.toMatch(new RegExp(`${TEST_PUBLIC_URL}|alias`, 'i'));
    // No mail went out for it: one-click was the way taken.
    expect(relay.mailsTo(`leave@${LIST}`)).toEqual([]);

    const log = await listAliasLogEntries(rig.services.database.db, alias.id);
    expect(log.find((e) => e.endpoint.endsWith('/unsubscribe'))).toMatchObject({
      method: 'POST',
      status: 200,
      detail: 'unsubscribe one-click: posted (201)',
    });
  });

  it('mailto: a mail from the alias, DKIM-signed, to the list address only, with the subject the URI names', async () => {
    const alias = await aliasOnOwnDomain(rig.services, c);
    const to = `${uniq('leave')}@${LIST}`;
    const summary = await newsletter(alias, {
      'List-Unsubscribe': `<mailto:${to}?subject=unsubscribe%20weekly&body=stop&cc=someone@else.example>`,
    });
    expect(summary.unsubscribe).toEqual(['mailto']);

    const res = await unsubscribe(alias, summary.id, { method: 'mailto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ unsubscribe: UnsubscribeResult }>(res).unsubscribe).toEqual({ method: 'mailto', done: 'queued', url: null });

    const mail = await relay.waitFor(to);
    expect(mail.from).toBe(alias.address);
    expect(mail.to).toEqual([to]);
    expect(mail.subject).toBe('unsubscribe weekly');
    expect(mail.text.trim()).toBe('stop');
    const head = mail.raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ');
    expect(/^DKIM-Signature: (.*)$/m.exec(head)?.[1]).toContain(`d=${alias.address.split('@')[1]};`);
    expect(relay.mailsTo('someone@else.example')).toEqual([]);
    const log = await listAliasLogEntries(rig.services.database.db, alias.id);
    expect(log.find((e) => e.endpoint.endsWith('/unsubscribe'))?.detail).toBe('unsubscribe mailto: queued');
  });

  it('a plain https link is never fetched by the server: the answer hands it to the reader', async () => {
    const alias = await createAlias(c);
    const path = `/manage/${uniq('p')}`;
    const summary = await newsletter(alias, { 'List-Unsubscribe': `<${receiver.origin}${path}>` });
    expect(summary.unsubscribe).toEqual(['link']);
    // One-click is not offered without List-Unsubscribe-Post.
    expect((await unsubscribe(alias, summary.id, { method: 'one-click' })).statusCode).toBe(400);

    const res = await unsubscribe(alias, summary.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ unsubscribe: UnsubscribeResult }>(res).unsubscribe).toEqual({
      method: 'link',
      done: 'open',
      url: `${receiver.origin}${path}`,
    });
    expect(receiver.received.filter((r) => r.path === path)).toEqual([]);
  });

  it('a message without List-Unsubscribe offers nothing; another account gets 404', async () => {
    const alias = await createAlias(c);
    const summary = await newsletter(alias, {});
    expect(summary.unsubscribe).toEqual([]);
    expect((await unsubscribe(alias, summary.id)).statusCode).toBe(400);
    const message: Message = await getMessage(c, alias.id, summary.id);
    expect(message.block).toEqual({ sender: `letters@${LIST}`, domain: LIST });

    const other = await signedIn(rig.app, rig.services);
    const res = await other.call({
      method: 'POST',
      url: other.url(`/alias/${alias.id}/message/${summary.id}/unsubscribe`),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});
