// Blocked senders (docs/product.md §3 "Blocked senders"): rules added through the API, enforced by
// the real mx over SMTP on loopback — the envelope sender at RCPT, the authenticated From after
// DATA — counted, and nothing of a refused message stored.
import { inbound, listAliasLogEntries } from '@app/db';
import type { Alias, BlockRule } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlias, json, signedIn, uniq, type Client } from './alias-helpers';
import { getMessage, mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { type DnsStandIn, sendMail, startDnsStandIn } from '@app/testing';

let dns: DnsStandIn;
let rig: MailRig;

beforeAll(async () => {
  dns = await startDnsStandIn();
  // shop.example sends through its subdomain mail.shop.example, which passes SPF from loopback;
  // DMARC passes by relaxed alignment.
  dns.txt.set('mail.shop.example', ['v=spf1 ip4:127.0.0.1 -all']);
  dns.txt.set('_dmarc.shop.example', ['v=DMARC1; p=reject']);
  // bank.example sends only from 192.0.2.1: its From on loopback mail fails DMARC.
  dns.txt.set('bank.example', ['v=spf1 ip4:192.0.2.1 -all']);
  dns.txt.set('_dmarc.bank.example', ['v=DMARC1; p=reject']);
  rig = await mailRig({ DNS_SERVERS: dns.server });
});
afterAll(async () => {
  await rig?.close();
  await dns?.close();
});

type Outcome = { code: number; response: string; command?: string };

async function send(envelopeFrom: string, to: string, from = envelopeFrom): Promise<Outcome> {
  try {
    const info = await sendMail(rig.mx.port, {
      envelope: { from: envelopeFrom, to: [to] },
      from,
      to,
      subject: 'Hi',
      text: 'Hello.',
    });
    return { code: 250, response: info.response };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; command?: string };
    return { code: e.responseCode ?? 0, response: e.response ?? String(err), command: e.command };
  }
}

const block = async (c: Client, body: Record<string, unknown>) => {
  const res = await c.call({ method: 'POST', url: c.url('/blocks'), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ block: BlockRule }>(res).block;
};
const blocks = async (c: Client) => json<{ blocks: BlockRule[] }>(await c.call({ method: 'GET', url: c.url('/blocks') })).blocks;
const messageCount = async (c: Client, alias: Alias) =>
  (json<{ messages: unknown[] }>(await c.call({ method: 'GET', url: c.url(`/alias/${alias.id}/messages`) })).messages ?? [])
    .length;
/** Inbound rows with this envelope sender: a refused message leaves none. */
const spooled = async (mailFrom: string) =>
  (await rig.services.database.db.select({ id: inbound.id }).from(inbound).where(eq(inbound.mailFrom, mailFrom))).length;

function expectRefused(o: Outcome, command: 'RCPT TO' | 'DATA') {
  expect(o.code, o.response).toBe(550);
  expect(o.response).toContain('5.7.1');
  expect(o.command).toBe(command);
}

describe('blocked senders, enforced over SMTP', () => {
  it("a blocked domain's next mail is refused with 550 5.7.1 at RCPT, counted, and nothing stored", async () => {
    const c = await signedIn(rig.app, rig.services);
    const alias = await createAlias(c);
    const spammer = `${uniq('s')}@spam.example`;
    expect((await send(spammer, alias.address)).code).toBe(250);
    await waitForMessages(c, alias.id, 1);

    const rule = await block(c, { domain: 'spam.example' });
    expect(rule).toMatchObject({ kind: 'domain', value: 'spam.example', alias_id: null, count: 0 });
    const before = await rig.services.metrics.smtpBlocked.get();
    const next = `${uniq('n')}@spam.example`;
    expectRefused(await send(next, alias.address), 'RCPT TO');
    expectRefused(await send(`${uniq('n')}@news.spam.example`, alias.address), 'RCPT TO');
    expect(await spooled(next)).toBe(0);
    expect(await messageCount(c, alias)).toBe(1);

    // The rule's count and the metric follow (written after the answer: waited for).
    for (let i = 0; i < 100 && (await blocks(c))[0]!.count < 2; i++) await new Promise((ok) => setTimeout(ok, 50));
    expect((await blocks(c))[0]).toMatchObject({ id: rule.id, count: 2 });
    const after = await rig.services.metrics.smtpBlocked.get();
    const rcpt = (m: typeof after) => m.values.find((v) => v.labels.stage === 'rcpt')?.value ?? 0;
    expect(rcpt(after) - rcpt(before)).toBe(2);
    const log = await listAliasLogEntries(rig.services.database.db, alias.id);
    expect(log.filter((e) => e.detail === 'refused: sender blocked' && e.endpoint === 'RCPT')).toHaveLength(2);

    // Removed: mail flows again.
    const del = await c.call({ method: 'DELETE', url: c.url('/blocks'), payload: { domain: 'spam.example' } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await send(next, alias.address)).code).toBe(250);
  });

  it('a rule for one alias leaves the account’s other aliases open; an account rule covers them all', async () => {
    const c = await signedIn(rig.app, rig.services);
    const [one, two] = [await createAlias(c), await createAlias(c)];
    const sender = `${uniq('p')}@pest.example`;
    await block(c, { sender, alias_id: one.id });
    expectRefused(await send(sender, one.address), 'RCPT TO');
    expect((await send(sender, two.address)).code).toBe(250);
    // Another account's rule never touches this one, and an alias of another account is a 404.
    const other = await signedIn(rig.app, rig.services);
    expect(
      (await other.call({ method: 'POST', url: other.url('/blocks'), payload: { sender, alias_id: two.id } })).statusCode,
    ).toBe(404);
    await block(other, { domain: 'pest.example' });
    expect((await send(sender, two.address)).code).toBe(250);

    await block(c, { domain: 'pest.example' });
    expectRefused(await send(sender, two.address), 'RCPT TO');
    expect((await c.call({ method: 'POST', url: c.url('/blocks'), payload: { domain: 'pest.example' } })).statusCode).toBe(409);
  });

  it('an authenticated From matching a block is refused after DATA when the envelope does not match', async () => {
    const c = await signedIn(rig.app, rig.services);
    const alias = await createAlias(c);
    await block(c, { sender: 'news@shop.example' });
    const bounce = `${uniq('b')}@mail.shop.example`;
    expectRefused(await send(bounce, alias.address, 'news@shop.example'), 'DATA');
    expect(await spooled(bounce)).toBe(0);
    // Another sender of the same domain still gets through.
    expect((await send(bounce, alias.address, 'offers@shop.example')).code).toBe(250);
  });

  it('"Block sender" on a DMARC-failing message blocks the envelope sender, not the forged From domain', async () => {
    const c = await signedIn(rig.app, rig.services);
    const alias = await createAlias(c);
    const phisher = `${uniq('ph')}@fraud.example`;
    expect((await send(phisher, alias.address, 'alerts@bank.example')).code).toBe(250);
    const [summary] = await waitForMessages(c, alias.id, 1);
    const message = await getMessage(c, alias.id, summary!.id);
    expect(message.auth?.dmarc).toBe('fail');
    expect(message.block).toEqual({ sender: phisher, domain: 'fraud.example' });

    await block(c, { sender: message.block!.sender });
    expectRefused(await send(phisher, alias.address, 'alerts@bank.example'), 'RCPT TO');
    // The bank's name is not blocked: another sender using it still reaches the alias (marked as failing).
    expect((await send(`${uniq('x')}@other.example`, alias.address, 'alerts@bank.example')).code).toBe(250);
    // And a forged From of a blocked domain cannot get mail refused either: only an authenticated From counts.
    await block(c, { domain: 'bank.example' });
    expect((await send(`${uniq('y')}@other.example`, alias.address, 'alerts@bank.example')).code).toBe(250);
  });
});
