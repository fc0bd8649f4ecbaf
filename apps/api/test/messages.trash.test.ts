// The message trash of an alias (list, restore, empty) and bulk actions over all of an
// alias's messages (`{ all: true }`), with counters kept in step and another account's ids 404.
import { keys, listAliasLogEntries, messages } from '@app/db';
import { TRASH_KEEP_DAYS, type Alias, type MessageSummary } from '@app/shared';
import { runRetention } from '@app/worker';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';
import { storeMessages } from '@app/testing';
import { type Client, createAlias, json, signedIn } from './alias-helpers';

let t: TestApp;
let owner: Client;
let other: Client;

beforeAll(async () => {
  t = await build();
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
});
afterAll(() => t.close());

const list = async (r: Client, aliasId: number, box: 'messages' | 'trash') =>
  json<{ messages: MessageSummary[] }>(await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}/${box}`) })).messages.map(
    (m) => m.id,
  );
const counts = async (r: Client, aliasId: number) => {
  const a = json<{ alias: Alias }>(await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}`) })).alias;
  return { unread: a.unread_count, total: a.total_count };
};
const put = (r: Client, aliasId: number, action: string, payload: Record<string, unknown>) =>
  r.call({ method: 'PUT', url: r.url(`/alias/${aliasId}/${action}`), payload });

describe('the message trash', () => {
  it('trashed messages leave the inbox for the trash, come back on restore, and the counters follow', async () => {
    const alias = await createAlias(owner);
    const [a, b, c] = await storeMessages(t.services, alias.id, 3);
    expect(json(await put(owner, alias.id, 'trash_messages', { message_ids: [a, b] }))).toMatchObject({
      success: true,
      count: 2,
    });
    expect(await list(owner, alias.id, 'messages')).toEqual([c]);
    expect(await list(owner, alias.id, 'trash')).toEqual([b, a]);
    expect(await counts(owner, alias.id)).toEqual({ unread: 1, total: 1 });

    const restored = await put(owner, alias.id, 'restore_messages', { message_ids: [a] });
    expect(json(restored)).toMatchObject({ success: true, count: 1 });
    expect(await list(owner, alias.id, 'messages')).toEqual([c, a]);
    expect(await list(owner, alias.id, 'trash')).toEqual([b]);
    expect(await counts(owner, alias.id)).toEqual({ unread: 2, total: 2 });
    // Restoring what is not in the trash changes nothing.
    expect(json(await put(owner, alias.id, 'restore_messages', { message_ids: [a, c] }))).toMatchObject({ count: 0 });
    expect(await counts(owner, alias.id)).toEqual({ unread: 2, total: 2 });
  });

  it('emptying the trash deletes its messages and shreds their keys; the inbox stays', async () => {
    const alias = await createAlias(owner);
    const [a, b, c] = await storeMessages(t.services, alias.id, 3);
    await put(owner, alias.id, 'trash_messages', { message_ids: [a, b] });
    const { db } = t.services.database;
    const keyIds = (
      await db
        .select({ keyId: messages.keyId })
        .from(messages)
        .where(inArray(messages.id, [a!, b!]))
    ).map((r) => r.keyId);

    const res = await owner.call({ method: 'DELETE', url: owner.url(`/alias/${alias.id}/trash`) });
    expect(json(res)).toMatchObject({ success: true, count: 2 });
    expect(await list(owner, alias.id, 'trash')).toEqual([]);
    expect(await list(owner, alias.id, 'messages')).toEqual([c]);
    expect(
      await db
        .select()
        .from(messages)
        .where(inArray(messages.id, [a!, b!])),
    ).toEqual([]);
    expect(await db.select().from(keys).where(inArray(keys.id, keyIds))).toEqual([]);
    expect(json(await put(owner, alias.id, 'restore_messages', { message_ids: [a, b] }))).toMatchObject({ count: 0 });
  });

  it('trashing, restoring and emptying the trash each add an alias log entry with their count; a call that changes nothing adds none', async () => {
    const alias = await createAlias(owner);
    const [a, b, c] = await storeMessages(t.services, alias.id, 3);
    await put(owner, alias.id, 'trash_messages', { message_ids: [a, b, c] });
    await put(owner, alias.id, 'restore_messages', { message_ids: [a] });
    await put(owner, alias.id, 'restore_messages', { message_ids: [a] });
    await owner.call({ method: 'DELETE', url: owner.url(`/alias/${alias.id}/trash`) });
    await owner.call({ method: 'DELETE', url: owner.url(`/alias/${alias.id}/trash`) });
    const entries = await listAliasLogEntries(t.services.database.db, alias.id);
    expect(entries.map((e) => [e.method, e.endpoint, e.status, e.detail, e.userId])).toEqual([
      ['DELETE', 'trash', 200, '2 message(s)', owner.id],
      ['PUT', 'restore_messages', 200, '1 message(s)', owner.id],
      ['PUT', 'trash_messages', 200, '3 message(s)', owner.id],
    ]);
  });

  it('the retention job purges what was trashed longer ago than the keep time, and keeps the rest restorable', async () => {
    const alias = await createAlias(owner);
    const [a, b, c] = await storeMessages(t.services, alias.id, 3);
    await put(owner, alias.id, 'trash_messages', { message_ids: [a, b] });
    const longAgo = new Date(Date.now() - (TRASH_KEEP_DAYS + 1) * 86_400_000);
    await t.services.database.db.update(messages).set({ trashedAt: longAgo }).where(eq(messages.id, a!));
    await runRetention(t.services);
    expect(await list(owner, alias.id, 'trash')).toEqual([b]);
    expect(await list(owner, alias.id, 'messages')).toEqual([c]);
  });

  it('with data shredding, trashed mail waits in the trash for the grace (Undo works), then retention shreds it and its key', async () => {
    const vip = await signedIn(t.app, t.services, 2);
    const alias = await createAlias(vip);
    const [a, b, c] = await storeMessages(t.services, alias.id, 3);
    const { db } = t.services.database;
    // Read first, so the api has its key in hand (KeyStore.unwrap): shredding must still end it.
    const read = (id: number) => vip.call({ method: 'GET', url: vip.url(`/alias/${alias.id}/message/${id}`) });
    expect((await read(a!)).statusCode).toBe(200);
    expect(json(await put(vip, alias.id, 'trash_messages', { message_ids: [a, b] }))).toMatchObject({ count: 2 });
    expect(await list(vip, alias.id, 'trash')).toEqual([b, a]);
    expect(await list(vip, alias.id, 'messages')).toEqual([c]);

    // Within the grace: the retention run leaves it, and Undo brings it back.
    await runRetention(t.services);
    expect(json(await put(vip, alias.id, 'restore_messages', { message_ids: [b] }))).toMatchObject({ count: 1 });
    expect(await list(vip, alias.id, 'messages')).toEqual([c, b]);

    // The grace over (trashed as long ago as that), the next run shreds it: row and key gone.
    const [{ keyId }] = (await db.select({ keyId: messages.keyId }).from(messages).where(eq(messages.id, a!))) as [
      { keyId: number },
    ];
    const graceAgo = new Date(Date.now() - (t.services.config.TRASH_GRACE_MINUTES * 60 + 5) * 1000);
    await db.update(messages).set({ trashedAt: graceAgo }).where(eq(messages.id, a!));
    await runRetention(t.services);
    expect(await list(vip, alias.id, 'trash')).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.id, a!))).toEqual([]);
    expect(await db.select().from(keys).where(eq(keys.id, keyId))).toEqual([]);
    expect((await read(a!)).statusCode).toBe(404);
    expect(await counts(vip, alias.id)).toEqual({ unread: 2, total: 2 });
  });

  it('without data shredding, the grace does not apply: trashed mail keeps TRASH_KEEP_DAYS', async () => {
    const alias = await createAlias(owner);
    const [a] = await storeMessages(t.services, alias.id, 1);
    await put(owner, alias.id, 'trash_messages', { message_ids: [a] });
    const graceAgo = new Date(Date.now() - (t.services.config.TRASH_GRACE_MINUTES * 60 + 5) * 1000);
    await t.services.database.db.update(messages).set({ trashedAt: graceAgo }).where(eq(messages.id, a!));
    await runRetention(t.services);
    expect(await list(owner, alias.id, 'trash')).toEqual([a]);
  });

  it("another account's alias: the same 404 as a missing one for trash, restore and empty", async () => {
    const alias = await createAlias(owner);
    const [a] = await storeMessages(t.services, alias.id, 1);
    await put(owner, alias.id, 'trash_messages', { message_ids: [a] });
    for (const req of [
      { method: 'GET' as const, url: other.url(`/alias/${alias.id}/trash`) },
      { method: 'PUT' as const, url: other.url(`/alias/${alias.id}/restore_messages`), payload: { message_ids: [a] } },
      { method: 'DELETE' as const, url: other.url(`/alias/${alias.id}/trash`) },
      { method: 'PUT' as const, url: other.url(`/alias/${alias.id}/mark_messages`), payload: { all: true, type: 'read' } },
      { method: 'PUT' as const, url: other.url(`/alias/${alias.id}/trash_messages`), payload: { all: true } },
    ]) {
      const res = await other.call(req);
      const missing = await other.call({ ...req, url: req.url.replace(`/alias/${alias.id}/`, '/alias/999999/') });
      expect(res.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
    }
    // Their own alias cannot reach the owner's message either.
    const theirs = await createAlias(other);
    expect(json(await put(other, theirs.id, 'restore_messages', { message_ids: [a] }))).toMatchObject({ count: 0 });
    expect(await list(owner, alias.id, 'trash')).toEqual([a]);
  });
});

describe('bulk actions over a whole alias: { all: true }', () => {
  it('marks every message read or unread, beyond the loaded page, and trashes them all', async () => {
    const alias = await createAlias(owner);
    const other1 = await createAlias(owner);
    await storeMessages(t.services, alias.id, 60);
    const [untouched] = await storeMessages(t.services, other1.id, 1);

    expect(json(await put(owner, alias.id, 'mark_messages', { all: true, type: 'read' }))).toMatchObject({ count: 60 });
    expect(await counts(owner, alias.id)).toEqual({ unread: 0, total: 60 });
    expect(json(await put(owner, alias.id, 'mark_messages', { all: true, type: 'unread' }))).toMatchObject({ count: 60 });
    expect(await counts(owner, alias.id)).toEqual({ unread: 60, total: 60 });

    expect(json(await put(owner, alias.id, 'trash_messages', { all: true }))).toMatchObject({ count: 60 });
    expect(await list(owner, alias.id, 'messages')).toEqual([]);
    expect(await counts(owner, alias.id)).toEqual({ unread: 0, total: 0 });
    // Another alias of the same account is not touched.
    expect(await list(owner, other1.id, 'messages')).toEqual([untouched]);
  });

  it('wants exactly one of message_ids and all', async () => {
    const alias = await createAlias(owner);
    for (const payload of [{ type: 'read' }, { all: true, message_ids: [1], type: 'read' }, { all: false, type: 'read' }]) {
      expect((await put(owner, alias.id, 'mark_messages', payload)).statusCode).toBe(400);
    }
    for (const payload of [{}, { all: true, message_ids: [1] }]) {
      expect((await put(owner, alias.id, 'trash_messages', payload)).statusCode).toBe(400);
    }
  });
});
