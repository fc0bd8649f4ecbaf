import { findOutbox, insertOutbox, listOutboxTo, outbox } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueOutbox, openOutboxContent, sealedOutbox } from '@app/runtime';
import { startOutbound } from '@app/worker';
import { buildWithRelay, freshEmail, freshIp, type RelayTestApp } from './access-helpers';
import { build, WRITE_HEADERS, type TestApp } from './helpers';
import { createMember } from '@app/testing';

/** The outbound path: outbox row first, then the job; retries; failures kept with their reason. */
describe('outbound mail through the queue', () => {
  let t: RelayTestApp;
  beforeAll(async () => {
    t = await buildWithRelay();
  });
  afterAll(() => t.close());

  const askReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/reset', headers: WRITE_HEADERS, payload: { email }, remoteAddress: freshIp() });
  const stateOf = async (email: string) => (await listOutboxTo(t.services.database.db, email))[0];

  it('a temporary refusal is retried until the relay takes the mail', async () => {
    const m = await createMember(t.services);
    t.capture.refuse.set(m.account.email, { code: 451, message: 'Try again later' });
    await askReset(m.account.email);
    await expect.poll(async () => (await stateOf(m.account.email))?.attempts ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const waiting = await stateOf(m.account.email);
    expect(waiting).toMatchObject({ state: 'queued' });
    expect(waiting!.error).toContain('Try again later');
    t.capture.refuse.delete(m.account.email);
    await t.capture.waitFor(m.account.email, 15_000);
    await expect.poll(async () => (await stateOf(m.account.email))?.state, { timeout: 10_000 }).toBe('sent');
    const row = await stateOf(m.account.email);
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(row!.error).toBeNull();
    expect(row!.sentAt).not.toBeNull();
  });

  it('keeps the mail sealed while queued and deletes its content once the relay took it (AR2)', async () => {
    const m = await createMember(t.services);
    t.capture.refuse.set(m.account.email, { code: 451, message: 'Try again later' });
    try {
      await askReset(m.account.email);
      await expect
        .poll(async () => (await stateOf(m.account.email))?.attempts ?? 0, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
      const queued = (await stateOf(m.account.email))!;
      expect(queued).toMatchObject({ state: 'queued', subject: null, text: null, html: null });
      expect(queued.contentSealed!.includes(Buffer.from('/auth/reset/'))).toBe(false);
      expect(openOutboxContent(t.services.keys, queued)!.text).toMatch(/\/auth\/reset\/[A-Za-z0-9_-]{43}/);
    } finally {
      t.capture.refuse.delete(m.account.email);
    }
    const mail = await t.capture.waitFor(m.account.email, 15_000);
    expect(mail.text).toMatch(/\/auth\/reset\/[A-Za-z0-9_-]{43}/);
    await expect.poll(async () => (await stateOf(m.account.email))?.state, { timeout: 10_000 }).toBe('sent');
    const sent = (await stateOf(m.account.email))!;
    expect(sent).toMatchObject({
      kind: 'reset',
      toAddress: m.account.email,
      contentKey: null,
      contentSealed: null,
      subject: null,
      text: null,
    });
    expect(openOutboxContent(t.services.keys, sent)).toBeNull();
  });

  it('sends a mail the previous release queued in clear, then deletes its content (AR2)', async () => {
    const to = freshEmail('legacy');
    const [row] = await t.services.database.db
      .insert(outbox)
      .values({
        kind: 'reset',
        fromAddress: 'no-reply@alias.localhost',
        toAddress: to,
        subject: 'Old release',
        text: 'old body',
        html: '<p>old body</p>',
      })
      .returning();
    await enqueueOutbox(t.services.queue, row!.id);
    const mail = await t.capture.waitFor(to, 15_000);
    expect(mail.subject).toBe('Old release');
    expect(mail.text).toContain('old body');
    await expect.poll(async () => (await findOutbox(t.services.database.db, row!.id))?.state).toBe('sent');
    expect(await findOutbox(t.services.database.db, row!.id)).toMatchObject({ subject: null, text: null, html: null });
  });

  it('a permanent refusal marks the mail failed with the reason at once', async () => {
    const m = await createMember(t.services);
    t.capture.refuse.set(m.account.email, { code: 550, message: 'No such user here' });
    try {
      await askReset(m.account.email);
      await expect.poll(async () => (await stateOf(m.account.email))?.state, { timeout: 10_000 }).toBe('failed');
      const row = await stateOf(m.account.email);
      expect(row!.attempts).toBe(1);
      expect(row!.error).toContain('No such user here');
      // Given up: the content (and its reset link) goes too.
      expect(row).toMatchObject({ contentKey: null, contentSealed: null });
    } finally {
      t.capture.refuse.delete(m.account.email);
    }
  });

  it('the sweep re-queues a queued row whose job was lost', async () => {
    const to = freshEmail('lost');
    const row = await insertOutbox(
      t.services.database.db,
      sealedOutbox(t.services.keys, {
        kind: 'reset',
        fromAddress: 'no-reply@alias.localhost',
        toAddress: to,
        content: { subject: 'Lost job', text: 'body', html: null },
      }),
    );
    await t.services.database.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(outbox.id, row.id));
    expect(await t.outbound.sweep()).toBeGreaterThanOrEqual(1);
    await t.capture.waitFor(to);
    await expect.poll(async () => (await findOutbox(t.services.database.db, row.id))?.state).toBe('sent');
  });

  it('a job that runs before its row is committed still sends the mail within seconds', async () => {
    const to = freshEmail('early');
    const { db } = t.services.database;
    await db.transaction(async (tx) => {
      const row = await insertOutbox(
        tx,
        sealedOutbox(t.services.keys, {
          kind: 'reset',
          fromAddress: 'no-reply@alias.localhost',
          toAddress: to,
          content: { subject: 'Early job', text: 'body', html: null },
        }),
      );
      await enqueueOutbox(t.services.queue, row.id);
      await new Promise((r) => setTimeout(r, 300));
    });
    // Far below the minute sweep that used to deliver it.
    expect((await t.capture.waitFor(to, 10_000)).subject).toBe('Early job');
  });

  it('a row that is already final is not sent twice', async () => {
    const to = freshEmail('once');
    const row = await insertOutbox(t.services.database.db, {
      ...sealedOutbox(t.services.keys, {
        kind: 'reset',
        fromAddress: 'no-reply@alias.localhost',
        toAddress: to,
        content: { subject: 's', text: 't', html: null },
      }),
      state: 'sent',
    });
    await t.services.queue.add('outbound', { outboxId: row.id });
    await t.services.queue.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(t.capture.mailsTo(to)).toEqual([]);
  });
});

describe('outbound mail without a relay (embedded default)', () => {
  let t: TestApp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    t = await build({ SMTP_RELAY_URL: '' });
    const handle = startOutbound(t.services);
    stop = () => handle.close();
  });
  afterAll(async () => {
    await stop();
    await t.close();
  });

  it('keeps the mail in the outbox (state kept) with its link intact', async () => {
    const m = await createMember(t.services);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      headers: WRITE_HEADERS,
      payload: { email: m.account.email },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await listOutboxTo(t.services.database.db, m.account.email))[0]?.state).toBe('kept');
    const [row] = await listOutboxTo(t.services.database.db, m.account.email);
    expect(row!.text).toBeNull();
    expect(openOutboxContent(t.services.keys, row!)!.text).toMatch(/http:\/\/localhost:3000\/auth\/reset\/[A-Za-z0-9_-]{43}/);
  });
});
