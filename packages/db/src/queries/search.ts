import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { rawQuery } from '../raw';
import { aliases, keys, messages, searchTerms } from '../schema/index';
import { summaryColumns, type MessageSummaryRow } from './messages';

export interface SearchTermRow {
  accountId: number;
  messageId: number;
  term: Buffer;
}

/**
 * Stores the blind index terms of messages (docs/security.md SR1). A message has a hundred terms
 * or more: three arrays make one short statement where a VALUES list would take three parameters
 * and a tuple of SQL text per term, the largest share of the worker's allocations per message.
 */
export async function insertSearchTerms(db: DbOrTx, rows: SearchTermRow[]): Promise<void> {
  if (!rows.length) return;
  await rawQuery(
    db,
    'insert into search_terms (account_id, message_id, term) select * from unnest($1::integer[], $2::bigint[], $3::bytea[]) on conflict do nothing',
    [rows.map((r) => r.accountId), rows.map((r) => r.messageId), rows.map((r) => r.term)],
  );
}

/**
 * Of these messages, the ones still there and still without search terms, locked until the
 * transaction ends: a message deleted meanwhile is skipped, and two runs never index one twice.
 */
export async function lockUnindexedMessages(db: DbOrTx, messageIds: number[]): Promise<number[]> {
  if (!messageIds.length) return [];
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, messageIds), eq(messages.searchIndexed, false)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function markSearchIndexed(db: DbOrTx, messageIds: number[]): Promise<void> {
  if (messageIds.length) await db.update(messages).set({ searchIndexed: true }).where(inArray(messages.id, messageIds));
}

/**
 * Refreshes the planner's statistics of the index after a backfill: until autovacuum gets to it,
 * a table that grew by millions of rows looks empty to the planner, which then walks an alias's
 * whole list instead of the rarest term's rows.
 */
export async function analyzeSearchTerms(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze search_terms`);
}

/** Messages stored before search (or by a path that does not index), oldest first after `afterId`, with their keys. */
export async function listUnindexedMessages(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({
      id: messages.id,
      accountId: aliases.accountId,
      aliasKeyId: aliases.keyId,
      senderAddress: messages.senderAddress,
      senderLabel: messages.senderLabel,
      subjectSealed: messages.subjectSealed,
      textSealed: messages.textSealed,
      keyWrapped: keys.wrapped,
    })
    .from(messages)
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(and(eq(messages.searchIndexed, false), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .limit(limit);
}

/** Counting a term's rows stops here: past it a term is common, and which is commoner does not matter. */
const FREQUENCY_CAP = 2000;

/** How many of the account's messages carry the term, up to FREQUENCY_CAP (one index-only scan). */
async function termFrequency(db: DbOrTx, accountId: number, term: Buffer): Promise<number> {
  const rows = db
    .select({ messageId: searchTerms.messageId })
    .from(searchTerms)
    .where(and(eq(searchTerms.accountId, accountId), eq(searchTerms.term, term)))
    .limit(FREQUENCY_CAP)
    .as('rows');
  const [row] = await db.select({ n: count() }).from(rows);
  return row?.n ?? 0;
}

/**
 * One page of the account's messages (not trashed) that carry every one of `terms`, newest first;
 * `aliasId` narrows to one alias, `beforeId` is the cursor. Each row carries its alias's key id.
 *
 * The rarest term leads: its rows are read newest first from the (account, term, message) key, and
 * each other term is one probe of that key per candidate, so a page stops after its 50 matches
 * and never walks the rows of a common word looking for a rare one. A term nobody has ends the
 * search at once.
 */
export async function searchMessages(
  db: DbOrTx,
  accountId: number,
  terms: Buffer[],
  opts: { aliasId?: number; beforeId?: number | null; limit: number },
): Promise<Array<MessageSummaryRow & { aliasKeyId: number }>> {
  if (!terms.length) return [];
  const frequencies = await Promise.all(terms.map((t) => termFrequency(db, accountId, t)));
  if (frequencies.includes(0)) return [];
  const [first, ...others] = terms.map((term, i) => ({ term, n: frequencies[i]! })).sort((a, b) => a.n - b.n).map((t) => t.term);
  if (!first) return [];
  const lead = alias(searchTerms, 't0');
  let query = db
    .select({ ...summaryColumns, aliasKeyId: aliases.keyId })
    .from(lead)
    .innerJoin(messages, eq(messages.id, lead.messageId))
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .$dynamic();
  others.forEach((term, i) => {
    const t = alias(searchTerms, `t${i + 1}`);
    query = query.innerJoin(t, and(eq(t.accountId, accountId), eq(t.term, term), eq(t.messageId, lead.messageId)));
  });
  const rows = await query
    .where(
      and(
        eq(lead.accountId, accountId),
        eq(lead.term, first),
        eq(aliases.accountId, accountId),
        isNull(messages.trashedAt),
        opts.aliasId ? eq(messages.aliasId, opts.aliasId) : undefined,
        opts.beforeId ? lt(lead.messageId, opts.beforeId) : undefined,
      ),
    )
    .orderBy(desc(lead.messageId))
    .limit(opts.limit);
  return rows as Array<MessageSummaryRow & { aliasKeyId: number }>;
}
