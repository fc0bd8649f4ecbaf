import {
  findAliasById,
  findKey,
  findInbound,
  inbound,
  insertInbound,
  listAliasLogEntries,
  listAliasMessages,
  listMessageAttachments,
  findMessageAttachment,
  messages,
  setSubscription,
  trashAliasMessages,
  type MessageSummaryRow,
} from '@app/db';
import { startMx, type MxHandle } from '@app/mx';
import { open, openText, unwrapKey, type AccountEvent, type DataKey, type Services } from '@app/runtime';
import { TRASH_KEEP_DAYS } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestInbound, runRetention, startWorker, type WorkerHandle } from '../src/index';
import { createAliasRow, createMember, sendMail, testServices, waitFor } from '@app/testing';

let services: Services;
let mx: MxHandle;
let worker: WorkerHandle;
let accountId: number;
const OPTS = { maxAttempts: 3, parseTimeoutMs: 10_000, sweepAfterMs: 400 };

beforeAll(async () => {
  services = await testServices();
  worker = await startWorker(services, { sweepAfterMs: 400, sweepEveryMs: 200, everyMs: { retention: 0 } });
  mx = await startMx(services, { port: 0 });
  accountId = (await createMember(services)).account.id;
});
afterAll(async () => {
  await mx?.close();
  await worker?.close();
  await services?.close();
});

const db = () => services.database.db;

async function messagesOf(alias: { id: number; accountId: number }, n = 1): Promise<MessageSummaryRow[]> {
  return waitFor(
    async () => {
      const rows = await listAliasMessages(db(), alias.accountId, alias.id, { limit: 100 });
      return rows.length >= n ? rows : null;
    },
    20_000,
    `${n} message(s) for alias ${alias.id}`,
  );
}

async function keyOf(aliasId: number, row: { keyWrapped: Buffer }): Promise<DataKey> {
  const alias = (await findAliasById(db(), aliasId))!;
  return unwrapKey(await services.keys.aliasKey(db(), alias), row.keyWrapped);
}

/** Spools a raw message as the mx does: sealed under its own key (docs/security.md AR1). */
function spool(raw: Buffer, mailFrom: string, alias: { id: number; address: string }) {
  const sealed = services.keys.sealUnderMaster(raw);
  return insertInbound(db(), {
    raw: sealed.sealed,
    rawKey: sealed.key,
    size: raw.length,
    mailFrom,
    rcptTo: [alias.address],
    aliasIds: [alias.id],
  });
}

function send(to: string | string[], extra: Record<string, unknown> = {}) {
  return sendMail(mx.port, { from: '"Shop Team" <team@shop.example>', to, subject: 'Order 42', text: 'plain', ...extra });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('ingest (docs/architecture.md §3.4)', () => {
  it('stores a multipart/alternative message with an attachment and an inline image, sealed, and counts it', async () => {
    const alias = await createAliasRow(services, accountId);
    const seen: AccountEvent[] = [];
    const off = services.events.subscribe(accountId, (e) => seen.push(e));
    await send(alias.address, {
      text: 'Hello in plain text',
      html: '<p>Hello <b>HTML</b> <img src="cid:logo@shop"></p>',
      attachments: [
        { filename: 'invoice.pdf', content: Buffer.from('%PDF-1.4 fake'), contentType: 'application/pdf' },
        { filename: 'logo.png', content: PNG, cid: 'logo@shop', contentType: 'image/png' },
      ],
    });
    const [m] = await messagesOf(alias);
    expect(m!).toMatchObject({
      senderLabel: 'Shop Team',
      senderAddress: 'team@shop.example',
      hasHtml: true,
      state: 'ok',
      direction: 'in',
      // The paperclip counts the invoice only: the logo is shown by the HTML (cid:).
      attachmentsCount: 1,
    });
    const key = await keyOf(alias.id, m!);
    expect(openText(key, m!.subjectSealed)).toBe('Order 42');
    const [full] = await db().select().from(messages).where(eq(messages.id, m!.id));
    expect(openText(key, full!.textSealed)?.trim()).toBe('Hello in plain text');
    expect(openText(key, full!.htmlSealed)).toContain('cid:logo@shop');
    expect(open(key, full!.rawSealed!).toString()).toContain('Subject: Order 42');
    expect(full!.recipient).toBe(alias.address);
    // Nothing readable at rest: the sealed columns do not contain the plaintext.
    expect(full!.subjectSealed!.toString('latin1')).not.toContain('Order 42');

    const atts = await listMessageAttachments(db(), m!.id);
    expect(atts.map((a) => [a.filename, a.contentType, a.cid, a.embedded]).sort()).toEqual([
      ['invoice.pdf', 'application/pdf', null, false],
      ['logo.png', 'image/png', 'logo@shop', true],
    ]);
    const logo = await findMessageAttachment(db(), m!.id, atts.find((a) => a.cid)!.id);
    expect(Buffer.compare(open(key, logo!.contentSealed), PNG)).toBe(0);

    const after = (await findAliasById(db(), alias.id))!;
    expect(after).toMatchObject({ unreadCount: 1, totalCount: 1 });
    expect(after.contactedAt).toBeInstanceOf(Date);
    const logs = await listAliasLogEntries(db(), alias.id);
    expect(logs[0]).toMatchObject({ method: 'SMTP', endpoint: 'DATA', status: 250, userId: accountId });
    const inbound = (await findInbound(db(), full!.inboundId!))!;
    expect(inbound.state).toBe('done');
    expect(inbound.raw).toBeNull();
    await waitFor(async () => seen.length > 0, 5000, 'live event');
    off();
    expect(seen[0]).toMatchObject({ type: 'message', aliasId: alias.id, messageId: m!.id, unread_count: 1, total_count: 1 });
  });

  it('keeps a one-line preview of the text, sealed under the message key (docs/product.md §3 Message)', async () => {
    const alias = await createAliasRow(services, accountId);
    // HTML-only mail: the preview comes from the text the parser derives; whitespace and bidi controls go.
    const words = 'Spring\u202e sale starts today.   '.repeat(12);
    await send(alias.address, { text: undefined, html: `<p>Dear\n\n  customer,</p><p>${words}</p>` });
    const [m] = await messagesOf(alias);
    const snippet = openText(await keyOf(alias.id, m!), m!.snippetSealed)!;
    expect(snippet.startsWith('Dear customer, Spring sale starts today. Spring sale')).toBe(true);
    expect(snippet).toHaveLength(140);
    expect(snippet).not.toMatch(/\s{2}|\u202e/);
    // Nothing readable at rest.
    const [full] = await db().select().from(messages).where(eq(messages.id, m!.id));
    expect(full!.snippetSealed!.toString('latin1')).not.toContain('Dear customer');
  });

  it('stores one message per recipient alias, each under its own key', async () => {
    const a = await createAliasRow(services, accountId);
    const b = await createAliasRow(services, accountId);
    await send([a.address, b.address]);
    const [ma] = await messagesOf(a);
    const [mb] = await messagesOf(b);
    expect(ma!.keyId).not.toBe(mb!.keyId);
    expect(openText(await keyOf(b.id, mb!), mb!.subjectSealed)).toBe('Order 42');
  });

  it('uses triple encryption when the package has it', async () => {
    const plus = (await createMember(services)).account.id;
    await setSubscription(db(), plus, 3);
    const alias = await createAliasRow(services, plus);
    await send(alias.address);
    const [m] = await messagesOf(alias);
    expect(m!.keyScheme).toBe('triple');
    expect(openText(await keyOf(alias.id, m!), m!.subjectSealed)).toBe('Order 42');
  });

  it('is idempotent: a repeated or concurrent ingest stores nothing twice (D5)', async () => {
    const alias = await createAliasRow(services, accountId);
    const raw = Buffer.from('From: a@b.example\r\nSubject: twice\r\n\r\nbody\r\n');
    const id = await spool(raw, 'a@b.example', alias);
    const outcomes = await Promise.all([1, 2, 3].map(() => ingestInbound(services, id, OPTS)));
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
    expect(await ingestInbound(services, id, OPTS)).toBe('skipped');
    await services.events.inboundQueued();
    await new Promise((r) => setTimeout(r, 300));
    expect(await listAliasMessages(db(), alias.accountId, alias.id, { limit: 10 })).toHaveLength(1);
    expect((await findAliasById(db(), alias.id))!.totalCount).toBe(1);
  });

  it('keeps a message it cannot parse as failed, with the raw bytes downloadable (D11, M1)', async () => {
    const alias = await createAliasRow(services, accountId);
    // More MIME parts than the parser's limit (S9: over 1000 parts).
    const parts = Array.from({ length: 1002 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    const raw = Buffer.from(
      `From: a@b.example\r\nSubject: bomb\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`,
    );
    const id = await spool(raw, 'bounce@b.example', alias);
    expect(await ingestInbound(services, id, OPTS)).toBe('failed');
    const [m] = await listAliasMessages(db(), alias.accountId, alias.id, { limit: 10 });
    expect(m!).toMatchObject({ state: 'failed', senderAddress: 'bounce@b.example' });
    const [full] = await db().select().from(messages).where(eq(messages.id, m!.id));
    expect(Buffer.compare(open(await keyOf(alias.id, m!), full!.rawSealed!), raw)).toBe(0);
    expect(full!.warnings[0]).toMatch(/parse error/);
    const inbound = (await findInbound(db(), id))!;
    expect(inbound).toMatchObject({ state: 'failed', raw: null });
    expect(inbound.error).toMatch(/parse error/);
    expect((await findAliasById(db(), alias.id))!.unreadCount).toBe(1);
  });

  it('stores a message unparsed after too many attempts (a poison message)', async () => {
    const alias = await createAliasRow(services, accountId);
    const raw = Buffer.from('From: a@b.example\r\nSubject: poison\r\n\r\nbody\r\n');
    const id = await spool(raw, 'a@b.example', alias);
    // As if earlier claims had crashed the worker each time.
    await db().update(inbound).set({ attempts: 3 }).where(eq(inbound.id, id));
    expect(await ingestInbound(services, id, OPTS)).toBe('failed');
    const [m] = await listAliasMessages(db(), alias.accountId, alias.id, { limit: 10 });
    expect(m!.state).toBe('failed');
    expect((await findInbound(db(), id))!.error).toBe('not parsed after 3 attempts');
  });

  it('stores a committed row whose wake-up was lost (the sweep, D4)', async () => {
    const alias = await createAliasRow(services, accountId);
    const raw = Buffer.from('From: a@b.example\r\nSubject: lost job\r\n\r\nbody\r\n');
    // As if the mx committed and crashed before waking the workers: nothing tells them of this row.
    await spool(raw, 'a@b.example', alias);
    const [m] = await messagesOf(alias);
    expect(openText(await keyOf(alias.id, m!), m!.subjectSealed)).toBe('lost job');
  });

  it('ingests a row the previous release spooled in clear, and drops it (AR1)', async () => {
    const alias = await createAliasRow(services, accountId);
    const raw = Buffer.from('From: a@b.example\r\nSubject: spooled in clear\r\n\r\nold body\r\n');
    const [row] = await db()
      .insert(inbound)
      .values({ raw, size: raw.length, mailFrom: 'a@b.example', rcptTo: [alias.address], aliasIds: [alias.id] })
      .returning({ id: inbound.id });
    expect(await ingestInbound(services, row!.id, OPTS)).toBe('stored');
    const [m] = await listAliasMessages(db(), alias.accountId, alias.id, { limit: 10 });
    const key = await keyOf(alias.id, m!);
    expect(openText(key, m!.subjectSealed)).toBe('spooled in clear');
    const [full] = await db().select().from(messages).where(eq(messages.id, m!.id));
    expect(Buffer.compare(open(key, full!.rawSealed!), raw)).toBe(0);
    expect(await findInbound(db(), row!.id)).toMatchObject({ state: 'done', raw: null, rawKey: null });
  });
});

describe('retention (docs/architecture.md §4)', () => {
  it('deletes and shreds expired messages and those trashed long ago, keeps the rest, and recounts', async () => {
    const alias = await createAliasRow(services, accountId); // Free package: storage_days 7
    await send(alias.address, { subject: 'old' });
    await send(alias.address, { subject: 'trashed long ago' });
    await send(alias.address, { subject: 'trashed just now' });
    await send(alias.address, { subject: 'fresh' });
    const rows = await messagesOf(alias, 4);
    const [fresh, trashedNow, trashedLongAgo, old] = rows; // newest first
    await db()
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(messages.id, old!.id));
    await trashAliasMessages(db(), alias.id, [trashedLongAgo!.id, trashedNow!.id]);
    const longAgo = new Date(Date.now() - (TRASH_KEEP_DAYS + 1) * 86_400_000);
    await db().update(messages).set({ trashedAt: longAgo }).where(eq(messages.id, trashedLongAgo!.id));
    expect(await runRetention(services)).toBeGreaterThanOrEqual(2);
    expect((await listAliasMessages(db(), alias.accountId, alias.id, { limit: 10 })).map((m) => m.id)).toEqual([fresh!.id]);
    // Trashed within the keep time: still restorable.
    expect((await listAliasMessages(db(), alias.accountId, alias.id, { limit: 10, folder: 'trash' })).map((m) => m.id)).toEqual([
      trashedNow!.id,
    ]);
    expect(await findKey(db(), old!.keyId)).toBeNull();
    expect(await findKey(db(), trashedLongAgo!.keyId)).toBeNull();
    expect(await findKey(db(), trashedNow!.keyId)).not.toBeNull();
    expect(await findKey(db(), fresh!.keyId)).not.toBeNull();
    expect((await findAliasById(db(), alias.id))!).toMatchObject({ totalCount: 1, unreadCount: 1 });
  });

  it('honours a shorter alias lifespan', async () => {
    const vip = (await createMember(services)).account.id;
    await setSubscription(db(), vip, 2); // no storage limit
    const forever = await createAliasRow(services, vip);
    const short = await createAliasRow(services, vip, { lifespan: 7 });
    await send(forever.address);
    await send(short.address);
    const [a] = await messagesOf(forever);
    const [b] = await messagesOf(short);
    const old = new Date(Date.now() - 30 * 86_400_000);
    await db().update(messages).set({ createdAt: old }).where(eq(messages.id, a!.id));
    await db().update(messages).set({ createdAt: old }).where(eq(messages.id, b!.id));
    await runRetention(services);
    expect(await listAliasMessages(db(), forever.accountId, forever.id, { limit: 10 })).toHaveLength(1);
    expect(await listAliasMessages(db(), short.accountId, short.id, { limit: 10 })).toHaveLength(0);
  });
});
