// Notes (sealed at rest), the log, statistics and chat of an alias.
import { appendAliasLogEntry, findAliasNote, listOutboxTo, notes } from '@app/db';
import { ALIAS_MESSAGES, STATISTICS_DAYS, type Alias, type AliasLogEntry, type AliasStatistics, type Note } from '@app/shared';
import { openOutboxContent } from '@app/runtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';
import { FREE, VIP, createAlias, json, signedIn, uniq, update, closeDraining } from './alias-helpers';
import { storeMessage } from '@app/testing';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => closeDraining(t));

const db = () => t.services.database.db;

describe('notes', () => {
  it('GET is null before the first write; PUT stores it sealed; only the owner reads it decrypted', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const url = c.url(`/alias/${a.id}/notes`);
    const empty = await c.call({ method: 'GET', url });
    expect(json(empty)).toEqual({ success: true, note: null });

    const secret = 'Bank PIN hint: the blue one ✓';
    const put = await c.call({ method: 'PUT', url, payload: { value: secret } });
    expect(put.statusCode).toBe(200);
    expect(json<{ note: Note }>(put).note).toMatchObject({ value: secret, label: 'Notes' });
    const got = await c.call({ method: 'GET', url });
    expect(json<{ note: Note }>(got).note.value).toBe(secret);

    // At rest: sealed bytes under the note's own key, no plaintext anywhere in the row.
    const row = (await findAliasNote(db(), a.id))!;
    expect(row.valueSealed.includes(Buffer.from(secret))).toBe(false);
    expect(row.valueSealed.includes(Buffer.from('Bank PIN'))).toBe(false);
    expect(row.valueSealed.length).toBeGreaterThanOrEqual(12 + 16 + Buffer.byteLength(secret));
    // A fresh nonce per write: the same value seals differently each time.
    await c.call({ method: 'PUT', url, payload: { value: 'other' } });
    await c.call({ method: 'PUT', url, payload: { value: secret } });
    const again = (await findAliasNote(db(), a.id))!;
    expect(again.valueSealed.equals(row.valueSealed)).toBe(false);
    expect(again.keyId).toBe(row.keyId);

    // Resending the same value is nothing to change.
    const same = await c.call({ method: 'PUT', url, payload: { value: secret } });
    expect(same.statusCode).toBe(400);
    expect(json(same).msg).toBe(ALIAS_MESSAGES.nothingToChange);

    // The same note through the alias update's `notes` field.
    const viaUpdate = await update(c, a.id, { notes: 'via update' });
    expect(viaUpdate.statusCode).toBe(200);
    expect(json<{ note: Note }>(await c.call({ method: 'GET', url })).note.value).toBe('via update');
  });

  it('a tampered ciphertext is refused, not returned (authenticated encryption)', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const url = c.url(`/alias/${a.id}/notes`);
    await c.call({ method: 'PUT', url, payload: { value: 'integrity' } });
    const row = (await findAliasNote(db(), a.id))!;
    const flipped = Buffer.from(row.valueSealed);
    flipped[flipped.length - 1]! ^= 1;
    await db().update(notes).set({ valueSealed: flipped }).where(eq(notes.id, row.id));
    const res = await c.call({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('integrity');
  });
});

describe('log', () => {
  it('lists API changes and SMTP events newest first; empty for a new alias', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const url = c.url(`/alias/${a.id}/logs`);
    expect(json(await c.call({ method: 'GET', url }))).toEqual({ success: true, logs: [] });
    await update(c, a.id, { is_active: 0 });
    await appendAliasLogEntry(db(), {
      aliasId: a.id,
      userId: c.id,
      method: 'SMTP',
      endpoint: 'RCPT',
      status: 550,
      detail: 'alias is inactive',
    });
    const { logs } = json<{ logs: AliasLogEntry[] }>(await c.call({ method: 'GET', url }));
    expect(logs.map((l) => [l.method, l.endpoint, l.status, l.detail])).toEqual([
      ['SMTP', 'RCPT', 550, 'alias is inactive'],
      ['PUT', `/api/account/${c.id}/alias/${a.id}`, 200, 'is_active=0'],
    ]);
    // Reading the log is not itself logged.
    expect(json<{ logs: AliasLogEntry[] }>(await c.call({ method: 'GET', url })).logs).toHaveLength(2);
  });
});

describe('statistics', () => {
  it('is empty for a quiet alias', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const res = await c.call({ method: 'GET', url: c.url(`/alias/${a.id}/statistics`) });
    const { statistics } = json<{ statistics: AliasStatistics }>(res);
    expect(statistics.days).toHaveLength(STATISTICS_DAYS);
    expect(statistics.totals).toEqual({ received: 0, refused: 0 });
    expect(statistics.top_senders).toEqual([]);
  });

  it('counts messages per day over 30 days, top senders and refused attempts', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const day = 86_400_000;
    const now = Date.now();
    const mail = (from: string, ago: number) =>
      storeMessage(t.services, a.id, { from, subject: 's', text: 't', createdAt: new Date(now - ago * day) });
    await mail('a@shop.example', 0);
    await mail('a@shop.example', 0);
    await mail('b@news.example', 0);
    await mail('a@shop.example', 3);
    await mail('old@gone.example', 45); // outside the window
    await appendAliasLogEntry(db(), {
      aliasId: a.id,
      userId: c.id,
      method: 'SMTP',
      endpoint: 'RCPT',
      status: 550,
      detail: 'sender not on the approved list',
    });
    await appendAliasLogEntry(db(), {
      aliasId: a.id,
      userId: c.id,
      method: 'SMTP',
      endpoint: 'RCPT',
      status: 250,
      detail: 'accepted',
    });

    const { statistics } = json<{ statistics: AliasStatistics }>(
      await c.call({ method: 'GET', url: c.url(`/alias/${a.id}/statistics`) }),
    );
    const today = new Date(now).toISOString().slice(0, 10);
    const threeAgo = new Date(now - 3 * day).toISOString().slice(0, 10);
    expect(statistics.days.at(-1)).toEqual({ date: today, received: 3, refused: 1 });
    expect(statistics.days.find((d) => d.date === threeAgo)?.received).toBe(1);
    expect(statistics.days[0]!.date < statistics.days.at(-1)!.date).toBe(true);
    expect(statistics.totals).toEqual({ received: 4, refused: 1 });
    expect(statistics.top_senders).toEqual([
      { address: 'a@shop.example', count: 3 },
      { address: 'b@news.example', count: 1 },
    ]);
  });
});

describe('chat aliases', () => {
  it('stores the reply sealed as an outgoing message and mails it to the last correspondent with In-Reply-To', async () => {
    const c = await signedIn(t.app, t.services, VIP);
    const chat = await createAlias(c, { specialty: 'chat' });
    const url = c.url(`/alias/${chat.id}/chat`);

    const nobody = await c.call({ method: 'POST', url, payload: { text: 'hello?' } });
    expect(nobody.statusCode).toBe(400);
    expect(json(nobody).msg).toBe(ALIAS_MESSAGES.noCorrespondent);

    await storeMessage(t.services, chat.id, {
      from: 'first@friend.example',
      subject: 'Old',
      text: 'x',
      messageId: '<old@friend.example>',
    });
    // The outbox is shared by every test file on one database: a correspondent of this test only.
    const pal = `${uniq('pal')}@friend.example`;
    await storeMessage(t.services, chat.id, {
      from: pal,
      subject: 'Lunch?',
      text: 'Are you free?',
      messageId: '<m1@friend.example>',
    });

    for (const text of ['', '   ', '\n\t']) {
      const res = await c.call({ method: 'POST', url, payload: { text } });
      expect(res.statusCode).toBe(400);
      expect(json(res).msg).toBe(ALIAS_MESSAGES.emptyChat);
    }

    const totalOf = async () =>
      json<{ alias: Alias }>(await c.call({ method: 'GET', url: c.url(`/alias/${chat.id}`) })).alias.total_count;
    const before = await totalOf();
    // Stored without a sender verdict: answering it takes the owner's confirmation (W21).
    const res = await c.call({ method: 'POST', url, payload: { text: '  Yes, at noon.  ', confirm: true } });
    expect(res.statusCode).toBe(201);
    // The reply counts in the alias's total like the rows of the conversation.
    expect(await totalOf()).toBe(before + 1);
    const { message } = json<{
      message: { id: number; text: string; direction: string; subject: string; snippet: string | null };
    }>(res);
    expect(message).toMatchObject({ text: 'Yes, at noon.', direction: 'out', subject: 'Re: Lunch?', snippet: 'Yes, at noon.' });
    // This server has no relay: the answer says the mail waits in the outbox instead of "sent".
    expect(json(res).delivery).toBe('held');

    // Sealed at rest like any message.
    const { findAliasMessageRow } = await import('@app/db');
    const row = (await findAliasMessageRow(db(), chat.id, message.id))!;
    expect(row.direction).toBe('out');
    expect(row.textSealed!.includes(Buffer.from('Yes, at noon.'))).toBe(false);
    expect(row.snippetSealed!.includes(Buffer.from('Yes, at noon.'))).toBe(false);

    // Mailed from the alias address to the last correspondent, threaded as a reply.
    const [mail] = await listOutboxTo(db(), pal);
    expect(mail).toMatchObject({ kind: 'chat', fromAddress: chat.address, subject: null, text: null });
    expect(mail!.contentSealed!.includes(Buffer.from('Yes, at noon.'))).toBe(false);
    expect(openOutboxContent(t.services.keys, mail!)).toMatchObject({ subject: 'Re: Lunch?', text: 'Yes, at noon.' });
    expect(mail!.headers['In-Reply-To']).toBe('<m1@friend.example>');
    expect(mail!.headers['References']).toBe('<m1@friend.example>');
    expect(mail!.headers['Message-ID']).toMatch(/^<[0-9a-f]+\.chat@/);

    // It shows in the alias's conversation.
    const list = await c.call({ method: 'GET', url: c.url(`/alias/${chat.id}/messages`) });
    if (list.statusCode === 200) expect(JSON.stringify(list.json())).toContain(String(message.id));
    const listed = json<{ messages: Array<{ id: number; snippet: string | null }> }>(list).messages.find(
      (m) => m.id === message.id,
    );
    expect(listed?.snippet).toBe('Yes, at noon.');
  });

  it('only chat aliases, and only while editable', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const plain = await createAlias(c);
    const res = await c.call({ method: 'POST', url: c.url(`/alias/${plain.id}/chat`), payload: { text: 'hi' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe(ALIAS_MESSAGES.notChat);

    const chat: Alias = await createAlias(c, { specialty: 'chat' });
    await storeMessage(t.services, chat.id, { from: 'pal@friend.example', subject: 'Hi', text: 'x' });
    await update(c, chat.id, { is_trashed: 1 });
    const trashed = await c.call({ method: 'POST', url: c.url(`/alias/${chat.id}/chat`), payload: { text: 'hi' } });
    expect(trashed.statusCode).toBe(403);
    expect(json(trashed).msg).toBe(ALIAS_MESSAGES.notEditable);
  });
});
