import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { insertRows, rawQuery, tableColumns } from '../raw';
import { inbound } from '../schema/index';

export type InboundRow = typeof inbound.$inferSelect;

/**
 * One accept of the mx: the raw message sealed under its own key (`raw`, `rawKey`; docs/security.md AR1),
 * its size in clear, the envelope and every recipient alias.
 */
export type InboundValues = Required<
  Pick<typeof inbound.$inferInsert, 'raw' | 'rawKey' | 'size' | 'mailFrom' | 'rcptTo' | 'aliasIds'>
> &
  Pick<typeof inbound.$inferInsert, 'remoteIp' | 'helo' | 'auth' | 'spam' | 'spamSymbolsSealed'>;

/**
 * The durable accept of the mx (docs/security.md D1, D8): raw bytes, envelope and every recipient alias
 * in one row, so one single-statement transaction holds all of it or none.
 */
export async function insertInbound(db: DbOrTx, v: InboundValues): Promise<number> {
  return (await insertInboundMany(db, [v]))[0]!;
}

const INBOUND_COLUMNS = tableColumns(inbound, ['id']);

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

/** Terminal state: 'done', or 'failed' with the reason (kept for the admin). The raw bytes go. */
export async function finishInbound(db: DbOrTx, id: number, state: 'done' | 'failed', error?: string | null): Promise<void> {
  await db
    .update(inbound)
    .set({ state, error: error ?? null, raw: null, rawKey: null, spamSymbolsSealed: null, processedAt: new Date() })
    .where(eq(inbound.id, id));
}

/** What a worker claims: the next rows in order, or only those among `ids`, or only those received before `receivedBefore`. */
export interface InboundClaim {
  limit: number;
  /** How long the claim lasts; past it another worker may take the row again. */
  leaseMs: number;
  ids?: number[];
  receivedBefore?: Date;
}

/**
 * A worker's claim on queued rows (docs/architecture.md §3.3), oldest first, sealed raw bytes
 * included. Rows another worker holds (locked now, or claimed and not yet expired) are passed
 * over, so workers never wait on each other; each claim counts one attempt.
 */
export async function claimInbound(db: DbOrTx, claim: InboundClaim): Promise<InboundRow[]> {
  if (claim.limit <= 0 || claim.ids?.length === 0) return [];
  const filters: SQL[] = [
    sql`${inbound.state} = 'queued'`,
    sql`(${inbound.claimedUntil} is null or ${inbound.claimedUntil} < now())`,
  ];
  if (claim.ids) filters.push(inArray(inbound.id, claim.ids));
  if (claim.receivedBefore) filters.push(sql`${inbound.receivedAt} < ${claim.receivedBefore.toISOString()}::timestamptz`);
  const pick = sql`select ${inbound.id} from ${inbound} where ${sql.join(filters, sql` and `)} order by ${inbound.receivedAt} limit ${claim.limit} for update skip locked`;
  const rows = await db
    .update(inbound)
    .set({ claimedUntil: sql`now() + ${claim.leaseMs}::int * interval '1 millisecond'`, attempts: sql`${inbound.attempts} + 1` })
    .where(sql`${inbound.id} in (${pick})`)
    .returning();
  return rows.sort((x, y) => x.receivedAt.getTime() - y.receivedAt.getTime() || x.id - y.id);
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
    await rawQuery(
      db,
      `update inbound set state = 'done', error = null, raw = null, raw_key = null, processed_at = now() where id = any($1::bigint[])`,
      [ids],
    );
  }
}

/** How many inbound rows no worker has finished yet: all of them (the `/metrics` gauge), or those among `ids`. */
export async function countQueuedInbound(db: DbOrTx, ids?: number[]): Promise<number> {
  if (ids?.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inbound)
    .where(and(eq(inbound.state, 'queued'), ids ? inArray(inbound.id, ids) : undefined));
  return row?.n ?? 0;
}
