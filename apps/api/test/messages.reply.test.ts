// Reply from any received message (docs/product.md §3 "Reply"): the mail that reaches a local relay
// stand-in, the stored outgoing copy, and who it goes to.
import { randomBytes } from 'node:crypto';
import { findAliasById, insertMessage, listOutboxTo } from '@app/db';
import { seal, sealSnippet } from '@app/runtime';
import { REPLY_MESSAGES, type AuthVerdict, type MessageSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithRelay, type RelayTestApp } from './access-helpers';
import { aliasOnOwnDomain, createAlias, json, signedIn, uniq, type Client } from './alias-helpers';
import { PASS } from './messages-helpers';

let t: RelayTestApp;

beforeAll(async () => {
  t = await buildWithRelay();
});
afterAll(async () => {
  await t?.close();
});

const FAIL: AuthVerdict = {
  spf: 'fail',
  dkim: 'none',
  dmarc: 'fail',
  arc: 'none',
  from: null,
  policy: 'reject',
  sender: 'failed',
};

/** A received message stored as ingest stores it: raw copy, parsed fields and the sender verdict. */
async function receive(
  aliasId: number,
  m: {
    from: string;
    replyTo?: string;
    subject: string;
    text: string;
    auth: AuthVerdict | null;
    references?: string;
    senderAddress?: string;
    messageId?: string;
  },
) {
  const { db } = t.services.database;
  const aliasKey = await t.services.keys.aliasKey(db, (await findAliasById(db, aliasId))!);
  const key = await t.services.keys.create(db, aliasKey, aliasKey.scheme);
  const messageId = m.messageId ?? `<${randomBytes(6).toString('hex')}@sender.example>`;
  const raw = [
    `From: Sender <${m.from}>`,
    ...(m.replyTo ? [`Reply-To: ${m.replyTo}`] : []),
    `Subject: ${m.subject}`,
    `Message-ID: ${messageId}`,
    ...(m.references ? [`References: ${m.references}`] : []),
    '',
    m.text,
    '',
  ].join('\r\n');
  const id = await insertMessage(db, {
    aliasId,
    keyId: key.id,
    senderLabel: 'Sender',
    senderAddress: m.senderAddress ?? m.from,
    recipient: 'x',
    subjectSealed: seal(key.key, m.subject),
    textSealed: seal(key.key, m.text),
    snippetSealed: sealSnippet(key.key, m.text),
    rawSealed: seal(key.key, raw),
    auth: m.auth,
    messageIdHeader: messageId,
    size: raw.length,
  });
  return { id: id!, messageId };
}

const replyUrl = (c: Client, aliasId: number, messageId: number) => c.url(`/alias/${aliasId}/message/${messageId}/reply`);

describe('reply from any message', () => {
  it('mails the reply from the alias, DKIM-signed, threaded, without the account address; stores it as sent mail (RP1)', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await aliasOnOwnDomain(t.services, c);
    const from = `${uniq('s')}@sender.example`;
    const original = await receive(alias.id, {
      from,
      subject: 'Re: Invoice 42',
      text: 'Please confirm the amount.',
      auth: PASS,
      references: '<first@sender.example>',
    });

    const res = await c.call({
      method: 'POST',
      url: replyUrl(c, alias.id, original.id),
      payload: { text: '  Confirmed, thanks.  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, delivery } = json<{ message: MessageSummary & { text: string }; delivery: string }>(res);
    expect(delivery).toBe('sending');
    expect(message).toMatchObject({
      direction: 'out',
      subject: 'Re: Invoice 42',
      text: 'Confirmed, thanks.',
      sender_address: alias.address,
    });

    const mail = await t.capture.waitFor(from);
    const raw = mail.raw.toString('utf8');
    const header = (name: string) =>
      new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r\n[ \t]+/g, ' ');
    expect(mail.from).toBe(alias.address);
    expect(header('From')).toBe(alias.address);
    expect(header('Subject')).toBe('Re: Invoice 42');
    expect(header('In-Reply-To')).toBe(original.messageId);
    expect(header('References')).toBe(`<first@sender.example> ${original.messageId}`);
    expect(header('Message-ID')).toMatch(
      new RegExp(`^<[0-9a-f]+\\.chat@${alias.address.split('@')[1]!.replace(/\./g, '\\.')}>$`),
    );
    expect(header('DKIM-Signature')).toContain(`d=${alias.address.split('@')[1]}`);
    expect(mail.text.trim()).toBe('Confirmed, thanks.');
    const lower = raw.toLowerCase();
    expect(lower).not.toContain(c.account.email.toLowerCase());
    expect(lower).not.toContain(c.handle.toLowerCase());

    // Listed with the alias's messages as sent mail, and opened as such.
    const list = json<{ messages: MessageSummary[] }>(
      await c.call({ method: 'GET', url: c.url(`/alias/${alias.id}/messages`) }),
    ).messages;
    expect(list.find((m) => m.id === message.id)?.direction).toBe('out');
    expect(list.find((m) => m.id === original.id)?.direction).toBe('in');
    const opened = json<{ message: { direction: string; text: string } }>(
      await c.call({ method: 'GET', url: c.url(`/alias/${alias.id}/message/${message.id}`) }),
    ).message;
    expect(opened).toMatchObject({ direction: 'out', text: 'Confirmed, thanks.' });
  });

  it('follows Reply-To only when the sender passed authentication (RP2)', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const trusted = `${uniq('from')}@bank.example`;
    const trustedReplyTo = `${uniq('desk')}@bank.example`;
    const signed = await receive(alias.id, {
      from: trusted,
      replyTo: `Desk <${trustedReplyTo}>`,
      subject: 'Signed',
      text: 'x',
      auth: PASS,
    });
    expect((await c.call({ method: 'POST', url: replyUrl(c, alias.id, signed.id), payload: { text: 'ok' } })).statusCode).toBe(
      201,
    );
    expect((await t.capture.waitFor(trustedReplyTo)).subject).toBe('Re: Signed');
    expect(t.capture.mailsTo(trusted)).toEqual([]);

    const forger = `${uniq('forger')}@bank.example`;
    const steer = `${uniq('steer')}@elsewhere.example`;
    for (const auth of [FAIL, null]) {
      const forged = await receive(alias.id, { from: forger, replyTo: steer, subject: 'Forged', text: 'x', auth });
      // An unverified sender is answered only with the owner's confirmation (W21).
      const url = replyUrl(c, alias.id, forged.id);
      expect((await c.call({ method: 'POST', url, payload: { text: 'who?' } })).statusCode).toBe(409);
      expect((await c.call({ method: 'POST', url, payload: { text: 'who?', confirm: true } })).statusCode).toBe(201);
    }
    await t.capture.waitForNth(forger, 2);
    expect(t.capture.mailsTo(steer)).toEqual([]);
  });

  it('carries only well-formed Message-IDs into In-Reply-To and References (W23)', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const cases = [
      { messageId: '<ok.1@sender.example>', inReplyTo: '<ok.1@sender.example>' },
      { messageId: 'no-brackets@sender.example', inReplyTo: undefined },
      { messageId: '<two@at@sender.example>', inReplyTo: undefined },
      { messageId: '<spaced id@sender.example>', inReplyTo: undefined },
    ];
    for (const { messageId, inReplyTo } of cases) {
      const from = `${uniq('s')}@sender.example`;
      const m = await receive(alias.id, {
        from,
        subject: 'Hi',
        text: 'x',
        auth: PASS,
        messageId,
        references: '<first@sender.example> <no-at-sign> <a@[10.0.0.1]> <x@y>> junk',
      });
      expect((await c.call({ method: 'POST', url: replyUrl(c, alias.id, m.id), payload: { text: 'ok' } })).statusCode).toBe(201);
      const [mail] = await listOutboxTo(t.services.database.db, from);
      expect(mail!.headers['In-Reply-To']).toBe(inReplyTo);
      expect(mail!.headers['References']).toBe(['<first@sender.example>', '<a@[10.0.0.1]>', inReplyTo].filter(Boolean).join(' '));
    }
  });

  it('refuses empty and too long text, sent mail and a message without a sender address', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const m = await receive(alias.id, { from: `${uniq('x')}@sender.example`, subject: 'Hi', text: 'x', auth: PASS });
    for (const text of ['', '  \n ']) {
      const res = await c.call({ method: 'POST', url: replyUrl(c, alias.id, m.id), payload: { text } });
      expect(res.statusCode).toBe(400);
      expect(json(res).msg).toBe(REPLY_MESSAGES.empty);
    }
    const long = await c.call({ method: 'POST', url: replyUrl(c, alias.id, m.id), payload: { text: 'x'.repeat(100_001) } });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(REPLY_MESSAGES.tooLong);

    const sent = json<{ message: { id: number } }>(
      await c.call({ method: 'POST', url: replyUrl(c, alias.id, m.id), payload: { text: 'ok' } }),
    ).message;
    const again = await c.call({ method: 'POST', url: replyUrl(c, alias.id, sent.id), payload: { text: 'ok' } });
    expect(again.statusCode).toBe(400);
    expect(json(again).msg).toBe(REPLY_MESSAGES.notReceived);

    const anonymous = await receive(alias.id, {
      from: 'not an address',
      senderAddress: '',
      subject: 'Hi',
      text: 'x',
      auth: null,
    });
    const res = await c.call({ method: 'POST', url: replyUrl(c, alias.id, anonymous.id), payload: { text: 'ok' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe(REPLY_MESSAGES.noAddress);
  });

  it("gives another account's alias or message the same 404 as a missing one (W3)", async () => {
    const owner = await signedIn(t.app, t.services);
    const other = await signedIn(t.app, t.services);
    const alias = await createAlias(owner);
    const otherAlias = await createAlias(other);
    const m = await receive(alias.id, { from: `${uniq('x')}@sender.example`, subject: 'Hi', text: 'x', auth: PASS });
    const missing = await other.call({
      method: 'POST',
      url: replyUrl(other, otherAlias.id, 999_999_999),
      payload: { text: 'hi' },
    });
    expect(missing.statusCode).toBe(404);
    for (const url of [
      replyUrl(other, alias.id, m.id),
      replyUrl(other, otherAlias.id, m.id),
      `/api/account/${owner.id}/alias/${alias.id}/message/${m.id}/reply`,
    ]) {
      const res = await other.call({ method: 'POST', url, payload: { text: 'hi' } });
      expect(res.statusCode).toBe(404);
      expect(json(res).msg).toBe(json(missing).msg);
    }
  });
});
