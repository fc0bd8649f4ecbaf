// Sending limits (docs/security.md W21): replies and chat messages counted per alias, per account
// and per new recipient, through the real reply and chat routes; and no answer to an unverified
// sender without the owner's confirmation.
import { listOutboxTo } from '@app/db';
import { REPLY_MESSAGES, SENDING_LIMIT_MESSAGES, type Alias, type AuthVerdict } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlias, json, signedIn, uniq, type Client } from './alias-helpers';
import { build, type TestApp } from './helpers';
import { PASS } from './messages-helpers';
import { storeMessage } from '@app/testing';

const PER_ACCOUNT_PER_DAY = 30;
const NEW_RECIPIENTS_PER_DAY = 5;

let t: TestApp;
beforeAll(async () => {
  // The per-alias limit keeps its default (20 an hour); the others are lowered to stay quick.
  t = await build({
    SEND_PER_ACCOUNT_PER_DAY: String(PER_ACCOUNT_PER_DAY),
    SEND_NEW_RECIPIENTS_PER_DAY: String(NEW_RECIPIENTS_PER_DAY),
  });
});
afterAll(() => t?.close());

/** A message from `from` in the alias, its sender authenticated. */
const received = (alias: Alias, from: string) =>
  storeMessage(t.services, alias.id, {
    from,
    subject: 'Hello',
    text: 'x',
    messageId: `<${uniq('m')}@sender.example>`,
    auth: PASS,
  });

const reply = (c: Client, alias: Alias, messageId: number, body: Record<string, unknown> = {}) =>
  c.call({ method: 'POST', url: c.url(`/alias/${alias.id}/message/${messageId}/reply`), payload: { text: 'hi', ...body } });

describe('sending limits (W21)', () => {
  it('refuses the 21st reply in an hour from one alias with a clear message; another alias still sends', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const to = `${uniq('pal')}@sender.example`;
    const m = await received(alias, to);
    for (let i = 0; i < 20; i++) expect((await reply(c, alias, m)).statusCode).toBe(201);

    const refused = await reply(c, alias, m);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ code: 'RATE_LIMITED', msg: SENDING_LIMIT_MESSAGES.alias(20, 60) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Nothing of the refused one was stored or queued.
    expect(await listOutboxTo(t.services.database.db, to)).toHaveLength(20);

    const other = await createAlias(c);
    expect((await reply(c, other, await received(other, to))).statusCode).toBe(201);
  });

  it("counts chat messages and replies of every alias against the account's daily limit", async () => {
    const c = await signedIn(t.app, t.services);
    const to = `${uniq('pal')}@sender.example`;
    const first = await createAlias(c);
    const chat = await createAlias(c, { specialty: 'chat' });
    const m = await received(first, to);
    await received(chat, to);
    for (let i = 0; i < 20; i++) expect((await reply(c, first, m)).statusCode).toBe(201);
    const chatUrl = c.url(`/alias/${chat.id}/chat`);
    for (let i = 20; i < PER_ACCOUNT_PER_DAY; i++) {
      expect((await c.call({ method: 'POST', url: chatUrl, payload: { text: `n${i}` } })).statusCode).toBe(201);
    }
    const refused = await c.call({ method: 'POST', url: chatUrl, payload: { text: 'one more' } });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).msg).toBe(SENDING_LIMIT_MESSAGES.account(PER_ACCOUNT_PER_DAY, 24 * 60));

    // Another account is not held to this one's count.
    const d = await signedIn(t.app, t.services);
    const theirs = await createAlias(d);
    expect((await reply(d, theirs, await received(theirs, to))).statusCode).toBe(201);
  });

  it('caps the addresses an account writes to for the first time each day; known ones still get answers', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const known = `${uniq('known')}@sender.example`;
    const first = await received(alias, known);
    expect((await reply(c, alias, first)).statusCode).toBe(201);
    for (let i = 1; i < NEW_RECIPIENTS_PER_DAY; i++) {
      expect((await reply(c, alias, await received(alias, `${uniq('new')}@sender.example`))).statusCode).toBe(201);
    }
    const stranger = `${uniq('new')}@sender.example`;
    const refused = await reply(c, alias, await received(alias, stranger));
    expect(refused.statusCode).toBe(429);
    expect(json(refused).msg).toBe(SENDING_LIMIT_MESSAGES.newRecipients(NEW_RECIPIENTS_PER_DAY, 24 * 60));
    expect(await listOutboxTo(t.services.database.db, stranger)).toEqual([]);
    // Writing again to someone already written to is no new recipient.
    expect((await reply(c, alias, await received(alias, known.toUpperCase()))).statusCode).toBe(201);
  });

  it('answers a sender that failed authentication, or a message without a verdict, only when confirmed', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const failed = { ...PASS, spf: 'fail', dmarc: 'fail', sender: 'failed' } satisfies AuthVerdict;
    for (const auth of [failed, undefined]) {
      const to = `${uniq('spoofed')}@victim.example`;
      const m = await storeMessage(t.services, alias.id, { from: to, subject: 'Hi', text: 'x', auth });
      const refused = await reply(c, alias, m);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({ code: 'CONFIRM_REQUIRED', msg: REPLY_MESSAGES.unverifiedSender });
      expect(await listOutboxTo(t.services.database.db, to)).toEqual([]);
      expect((await reply(c, alias, m, { confirm: true })).statusCode).toBe(201);
      expect(await listOutboxTo(t.services.database.db, to)).toHaveLength(1);
    }

    const chat = await createAlias(c, { specialty: 'chat' });
    await storeMessage(t.services, chat.id, { from: `${uniq('pal')}@victim.example`, subject: 'Hi', text: 'x', auth: failed });
    const url = c.url(`/alias/${chat.id}/chat`);
    expect((await c.call({ method: 'POST', url, payload: { text: 'hi' } })).statusCode).toBe(409);
    expect((await c.call({ method: 'POST', url, payload: { text: 'hi', confirm: true } })).statusCode).toBe(201);
  });
});
