// Leak detection, expiring aliases and the tracker list (docs/product.md §3 Alias, §3 Message):
// mail over real SMTP into the real mx, authenticated against a local DNS server, ingested by the
// worker, read back through the API; notices through a local SMTP relay.
import { generateKeyPairSync } from 'node:crypto';
import { findAccountById, insertSource, messages } from '@app/db';
import { eq } from 'drizzle-orm';
import type { Alias, AliasLogEntry } from '@app/shared';
import { runExpiryNotices } from '@app/worker';
import { dkimSign } from 'mailauth/lib/dkim/sign';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, json, signedIn } from './alias-helpers';
import { getMessage, mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { type DnsStandIn, sendMail, type SmtpCapture, startDnsStandIn, startSmtpCapture } from '@app/testing';

let dns: DnsStandIn;
let capture: SmtpCapture;
let rig: MailRig;
let r: Client;
const shopKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  dns = await startDnsStandIn();
  // shop.example signs with DKIM; its own mail and its mail provider's both carry d=shop.example.
  const p = shopKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  dns.txt.set('sel._domainkey.shop.example', [`v=DKIM1; k=rsa; p=${p}`]);
  capture = await startSmtpCapture();
  rig = await mailRig({ DNS_SERVERS: dns.server, SMTP_RELAY_URL: capture.url });
});
// A member per group: the package allows ten aliases.
const newReader = async () => {
  r = await signedIn(rig.app, rig.services);
};
afterAll(async () => {
  await rig?.close();
  await capture?.close();
  await dns?.close();
});

const getAlias = async (id: number) => json<{ alias: Alias }>(await r.call({ method: 'GET', url: r.url(`/alias/${id}`) })).alias;
async function update(id: number, payload: Record<string, unknown>): Promise<Alias> {
  const res = await r.call({ method: 'PUT', url: r.url(`/alias/${id}`), payload });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ alias: Alias }>(res).alias;
}

/** Sends a plain message and waits until the alias holds `n` messages. */
async function deliver(alias: Alias, from: string, n: number, raw?: string) {
  await sendMail(
    rig.mx.port,
    raw
      ? { envelope: { from, to: [alias.address] }, raw }
      : { envelope: { from, to: [alias.address] }, from, to: alias.address, subject: 'Hello', text: 'Hi.' },
  );
  return waitForMessages(r, alias.id, n);
}

/** A message From `from`, DKIM-signed by shop.example. */
async function signedByShop(from: string, to: string): Promise<string> {
  const message = `From: ${from}\r\nTo: ${to}\r\nSubject: Your order\r\nMessage-ID: <${Date.now()}@esp.example>\r\n\r\nShipped.\r\n`;
  const privateKey = shopKey.privateKey.export({ type: 'pkcs8', format: 'pem' });
  // mailauth's typings omit `signatureData`, the documented way to give the key.
  const res = await dkimSign(message, {
    signatureData: [{ signingDomain: 'shop.example', selector: 'sel', privateKey }],
  } as unknown as Parameters<typeof dkimSign>[1]);
  return res.signatures + message;
}

/** Sends and returns the SMTP error (or null when accepted). */
async function refusal(alias: Alias, from: string): Promise<{ responseCode?: number; response?: string } | null> {
  return sendMail(rig.mx.port, {
    envelope: { from, to: [alias.address] },
    from,
    to: alias.address,
    subject: 'x',
    text: 'x',
  }).then(
    () => null,
    (err: { responseCode?: number; response?: string }) => err,
  );
}

/** An alias whose owner wants leak warnings: one made in the app without a site starts shared with several senders. */
const watchedAlias = async () => update((await createAlias(r)).id, { shared_senders: false });

describe('leak detection (LK1)', () => {
  beforeAll(newReader);
  it('learns the origin from the first sender, as its organisational domain', async () => {
    const alias = await createAlias(r);
    expect(alias).toMatchObject({ origin: null, leak: null });
    await deliver(alias, 'orders@mail.shop.example', 1);
    expect(await getAlias(alias.id)).toMatchObject({ origin: 'shop.example', leak: null });
  });

  it('takes the origin from the source when one is set, and by hand through the update', async () => {
    const source = await insertSource(
      rig.services.database.db,
      { handle: `store${Date.now()}`, label: 'Store', url: 'https://www.store.example/' },
      ['*.store.example'],
    );
    const alias = await createAlias(r);
    expect((await update(alias.id, { source: source.id })).origin).toBe('store.example');
    expect((await update(alias.id, { origin: 'News.Paper.example' })).origin).toBe('paper.example');
    const bad = await r.call({ method: 'PUT', url: r.url(`/alias/${alias.id}`), payload: { origin: 'not a domain' } });
    expect(bad.statusCode).toBe(400);
  });

  it('raises a leak for mail from another organisation, on the payload and in the alias log', async () => {
    const alias = await watchedAlias();
    await deliver(alias, 'orders@shop.example', 1);
    await deliver(alias, 'win@spammer.example', 2);
    await deliver(alias, 'again@spammer.example', 3);
    const after = await getAlias(alias.id);
    expect(after.origin).toBe('shop.example');
    expect(after.leak).toMatchObject({ domain: 'spammer.example', count: 2 });
    expect(Date.parse(after.leak!.first_seen)).not.toBeNaN();
    const logs = json<{ logs: AliasLogEntry[] }>(await r.call({ method: 'GET', url: r.url(`/alias/${alias.id}/logs`) })).logs;
    expect(logs.filter((l) => l.detail === 'possible leak: mail from spammer.example')).toHaveLength(2);
  });

  it('raises none for a subdomain of the origin', async () => {
    const alias = await watchedAlias();
    await deliver(alias, 'orders@shop.example', 1);
    await deliver(alias, 'news@promo.mail.shop.example', 2);
    expect((await getAlias(alias.id)).leak).toBeNull();
  });

  it("raises none for another From domain whose mail carries a passing DKIM signature of the origin's organisation", async () => {
    const alias = await watchedAlias();
    await deliver(alias, 'orders@shop.example', 1);
    await deliver(alias, 'bounce@esp.example', 2, await signedByShop('Shop <shop@esp.example>', alias.address));
    const [latest] = await waitForMessages(r, alias.id, 2);
    expect((await getMessage(r, alias.id, latest!.id)).auth?.dkim).toBe('pass');
    expect((await getAlias(alias.id)).leak).toBeNull();
    // The same From without the signature is a leak.
    await deliver(alias, 'shop@esp.example', 3);
    expect((await getAlias(alias.id)).leak).toMatchObject({ domain: 'esp.example', count: 1 });
  });

  it('restricting to the origin admits the origin only; dismissing clears the leak', async () => {
    const alias = await watchedAlias();
    await deliver(alias, 'orders@shop.example', 1);
    await deliver(alias, 'win@spammer.example', 2);
    const restricted = await update(alias.id, { is_whitelisted: 1, senders: ['shop.example'] });
    expect(restricted.is_whitelisted).toBe(true);
    expect(restricted.senders.map((s) => s.address)).toEqual(['*.shop.example']);
    expect((await refusal(alias, 'win@spammer.example'))?.responseCode).toBe(550);
    expect(restricted.leak).not.toBeNull();
    expect((await update(alias.id, { leak: null })).leak).toBeNull();
  });
});

describe('a quiet leak alarm (LK1)', () => {
  beforeAll(newReader);
  it('an alias made without a site is shared with several senders and never warns; naming its site turns the watch on', async () => {
    const alias = await createAlias(r);
    expect(alias.shared_senders).toBe(true);
    await deliver(alias, 'mum@family.example', 1);
    await deliver(alias, 'aunt@other-family.example', 2);
    expect(await getAlias(alias.id)).toMatchObject({ origin: 'family.example', leak: null });
    // The site named is the one learned: still, naming it turns the watch on.
    const named = await update(alias.id, { origin: 'family.example' });
    expect(named.shared_senders).toBe(false);
    await deliver(alias, 'win@spammer.example', 3);
    expect((await getAlias(alias.id)).leak).toMatchObject({ domain: 'spammer.example', count: 1 });
  });

  it('calling an organisation fine clears the warning and learns it; marking the alias shared clears and silences it', async () => {
    const alias = await watchedAlias();
    await deliver(alias, 'orders@shop.example', 1);
    await deliver(alias, 'hello@partner.example', 2);
    expect((await getAlias(alias.id)).leak).toMatchObject({ domain: 'partner.example' });
    const fine = await update(alias.id, { leak_ignore: 'news.partner.example' });
    expect(fine).toMatchObject({ leak: null, leak_ignored: ['partner.example'] });
    await deliver(alias, 'again@partner.example', 3);
    expect((await getAlias(alias.id)).leak).toBeNull();
    await deliver(alias, 'win@spammer.example', 4);
    expect((await getAlias(alias.id)).leak).toMatchObject({ domain: 'spammer.example' });
    expect(await update(alias.id, { shared_senders: true })).toMatchObject({ shared_senders: true, leak: null });
    await deliver(alias, 'more@spammer.example', 5);
    expect((await getAlias(alias.id)).leak).toBeNull();
    const bad = await r.call({ method: 'PUT', url: r.url(`/alias/${alias.id}`), payload: { leak_ignore: 'not a domain' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('expiring aliases (LK2)', () => {
  beforeAll(newReader);
  it('refuses mail at RCPT with 550 5.1.1 once the date has passed, and takes it again once extended', async () => {
    const alias = await createAlias(r);
    const past = await update(alias.id, { expires: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ expired: true, max_messages: null });
    const err = await refusal(alias, 'a@shop.example');
    expect(err?.responseCode).toBe(550);
    expect(err?.response).toContain('5.1.1');
    const extended = await update(alias.id, { expires: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(extended.expired).toBe(false);
    expect(await refusal(alias, 'a@shop.example')).toBeNull();
  });

  it('counts the messages received since the limit was set, and the count limit can be lifted', async () => {
    const alias = await createAlias(r);
    await deliver(alias, 'a@shop.example', 1);
    expect(await update(alias.id, { max_messages: 1 })).toMatchObject({ max_messages: 1, expired: false });
    await deliver(alias, 'a@shop.example', 2);
    expect((await getAlias(alias.id)).expired).toBe(true);
    const err = await refusal(alias, 'a@shop.example');
    expect(err?.responseCode).toBe(550);
    expect(err?.response).toContain('5.1.1');
    expect(await update(alias.id, { max_messages: null })).toMatchObject({ max_messages: null, expired: false });
    await deliver(alias, 'a@shop.example', 3);
  });

  it('refuses a message limit below one', async () => {
    const alias = await createAlias(r);
    const res = await r.call({ method: 'PUT', url: r.url(`/alias/${alias.id}`), payload: { max_messages: 0 } });
    expect(res.statusCode).toBe(400);
  });

  it('mails the owner once, a few days before a date-based expiry', async () => {
    const alias = await createAlias(r);
    const email = (await findAccountById(rig.services.database.db, r.id))!.email;
    await update(alias.id, { expires: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const far = await createAlias(r);
    await update(far.id, { expires: new Date(Date.now() + 20 * 86_400_000).toISOString() });
    expect(await runExpiryNotices(rig.services)).toBeGreaterThanOrEqual(1);
    const mail = await capture.waitFor(email, 15_000);
    expect(mail.subject).toContain(`${alias.address} expires on`);
    expect(await runExpiryNotices(rig.services)).toBe(0);
    expect(capture.mailsTo(email)).toHaveLength(1);
  });
});

describe('tracker report (LK3)', () => {
  beforeAll(newReader);
  it('lists the pixel, the remote image, the remote stylesheet and the click-tracking link with its target', async () => {
    const alias = await createAlias(r);
    const html = [
      '<html><head><link rel="stylesheet" href="https://cdn.shop.example/mail.css"></head><body>',
      '<img src="https://open.tracker.example/o.gif" width="1" height="1">',
      '<img src="https://cdn.shop.example/banner.png" width="600" height="200">',
      '<a href="https://click.shop.example/c?u=https%3A%2F%2Fshop.example%2Fsale">Sale</a>',
      '<a href="https://shop.example/account">Account</a>',
      '</body></html>',
    ].join('');
    await sendMail(rig.mx.port, {
      envelope: { from: 'news@shop.example', to: [alias.address] },
      from: 'news@shop.example',
      to: alias.address,
      subject: 'Sale',
      html,
    });
    const [summary] = await waitForMessages(r, alias.id);
    const res = await r.call({ method: 'GET', url: r.url(`/alias/${alias.id}/message/${summary!.id}`) });
    const trackers = json<{ message: { trackers: unknown[] } }>(res).message.trackers;
    expect(trackers).toHaveLength(4);
    expect(trackers).toEqual(
      expect.arrayContaining([
        { host: 'open.tracker.example', kind: 'pixel' },
        { host: 'cdn.shop.example', kind: 'image' },
        { host: 'cdn.shop.example', kind: 'css' },
        {
          host: 'click.shop.example',
          kind: 'link',
          target: 'https://shop.example/sale',
          href: 'https://click.shop.example/c?u=https%3A%2F%2Fshop.example%2Fsale',
        },
      ]),
    );
    // Kept at the first read, sealed: the next read answers the same list without a sanitiser pass.
    const [kept] = await rig.services.database.db
      .select({ sealed: messages.trackersSealed })
      .from(messages)
      .where(eq(messages.id, summary!.id));
    expect(kept!.sealed).not.toBeNull();
    expect(kept!.sealed!.toString('latin1')).not.toContain('tracker.example');
    const again = await r.call({ method: 'GET', url: r.url(`/alias/${alias.id}/message/${summary!.id}`) });
    expect(json<{ message: { trackers: unknown[] } }>(again).message.trackers).toEqual(trackers);
  });
});
