import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { insertRows, rawQuery, type RawColumn } from '../raw';
import { inbound, type AuthResults } from '../schema/index';

export type InboundRow = typeof inbound.$inferSelect;

export interface InboundValues {
  raw: Buffer;
  mailFrom: string;
  rcptTo: string[];
  aliasIds: number[];
  remoteIp?: string | null;
  helo?: string | null;
  /** The sender authentication verdict (issue 10). */
  auth?: AuthResults | null;
}

/**
 * The durable accept of the mx (SECURITY D1, D8): raw bytes, envelope and every recipient alias
 * in one row, so one single-statement transaction holds all of it or none.
 */
export async function insertInbound(db: DbOrTx, v: InboundValues): Promise<number> {
  return (await insertInboundMany(db, [v]))[0]!;
}

const INBOUND_COLUMNS: Array<RawColumn<InboundValues>> = [
  { name: 'raw', get: (v) => v.raw },
  { name: 'size', get: (v) => v.raw.length },
  { name: 'mail_from', get: (v) => v.mailFrom },
  { name: 'rcpt_to', get: (v) => v.rcptTo, type: 'jsonb' },
  { name: 'alias_ids', get: (v) => v.aliasIds, type: 'jsonb' },
  { name: 'remote_ip', get: (v) => v.remoteIp },
  { name: 'helo', get: (v) => v.helo },
  { name: 'auth', get: (v) => v.auth ?? null, type: 'jsonb' },
];

/** Several accepts in one INSERT (the mx's group commit); ids come back in the order given. */
export async function insertInboundMany(db: DbOrTx, rows: InboundValues[]): Promise<number[]> {
  if (!rows.length) return [];
  const out = await insertRows(db, 'inbound', INBOUND_COLUMNS, rows, 'returning id');
  return out.map((r) => Number(r.id));
}

export async function findInbound(db: DbOrTx, id: number): Promise<InboundRow | null> {
  const [row] = await db.select().from(inbound).where(eq(inbound.id, id));
  return row ?? null;
}

/** Locks the row for the ingesting transaction; null unless it is still queued (D5). */
export async function lockQueuedInbound(db: DbOrTx, id: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: inbound.id })
    .from(inbound)
    .where(and(eq(inbound.id, id), eq(inbound.state, 'queued')))
    .for('update');
  return row ?? null;
}

/** Terminal state: 'done', or 'failed' with the reason (kept for the admin). The plaintext raw goes. */
export async function finishInbound(db: DbOrTx, id: number, state: 'done' | 'failed', error?: string | null): Promise<void> {
  await db
    .update(inbound)
    .set({ state, error: error ?? null, raw: null, processedAt: new Date() })
    .where(eq(inbound.id, id));
}

/**
 * The sweeper's pick (SECURITY D4): ids of rows still queued and received before `olderThan`,
 * oldest first. Re-queuing them is harmless: ingest is idempotent.
 */
export async function listStaleInbound(db: DbOrTx, olderThan: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: inbound.id })
    .from(inbound)
    .where(and(eq(inbound.state, 'queued'), lt(inbound.receivedAt, olderThan)))
    .orderBy(inbound.receivedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Counts one more processing attempt of a row that is being retried; returns the new count. */
export async function countInboundAttempt(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(inbound)
    .set({ attempts: sql`${inbound.attempts} + 1` })
    .where(eq(inbound.id, id))
    .returning({ attempts: inbound.attempts });
  return row?.attempts ?? 0;
}

export async function countInboundByState(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: inbound.state, n: sql<number>`count(*)::int` })
    .from(inbound)
    .groupBy(inbound.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Processed rows keep only ids, sizes and reasons; old ones are dropped by the retention job. */
export async function deleteFinishedInbound(db: DbOrTx, olderThan: Date): Promise<number> {
  const rows = await db
    .delete(inbound)
    .where(and(sql`${inbound.state} <> 'queued'`, lt(inbound.receivedAt, olderThan)))
    .returning({ id: inbound.id });
  return rows.length;
}

/** Inbound rows addressed to an alias, oldest first (admin views and tests). */
export async function listInboundForAlias(db: DbOrTx, aliasId: number): Promise<InboundRow[]> {
  return db
    .select()
    .from(inbound)
    .where(sql`${inbound.aliasIds} @> ${JSON.stringify([aliasId])}::jsonb`)
    .orderBy(inbound.id);
}

/** The rows among `ids` that are still queued, raw bytes included (the worker's batch read). */
export async function listQueuedInbound(db: DbOrTx, ids: number[]): Promise<InboundRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(inbound)
    .where(and(inArray(inbound.id, ids), eq(inbound.state, 'queued')))
    .orderBy(inbound.id);
}

/** Locks the rows among `ids` that are still queued, for one ingest transaction; returns their ids. */
export async function lockQueuedInboundIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: inbound.id })
    .from(inbound)
    .where(and(inArray(inbound.id, ids), eq(inbound.state, 'queued')))
    .orderBy(inbound.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** Marks many rows done at once (one statement per ingest batch). */
export async function finishInboundMany(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) {
    await rawQuery(db, `update inbound set state = 'done', error = null, raw = null, processed_at = now() where id = any($1::bigint[])`, [ids]);
  }
}
