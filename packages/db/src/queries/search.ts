import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rawQuery } from '../raw';
import { aliases, keys, messageTerms, messages } from '../schema/index';
import { summaryColumns, type MessageSummaryRow } from './messages';

export interface MessageTermsRow {
  accountId: number;
  messageId: number;
  terms: bigint[];
}

/** A Postgres array literal of terms, sent as one text parameter and cast to bigint[]. */
const termArray = (terms: bigint[]) => `{${terms.join(',')}}`;

/**
 * Stores the blind index terms of messages, one row per message (docs/security.md SR1), in one
 * statement for the whole batch: three parallel arrays, the terms of each message as one array
 * literal, so the statement's size does not grow with parameters per term.
 */
export async function insertMessageTerms(db: DbOrTx, rows: MessageTermsRow[]): Promise<void> {
  if (!rows.length) return;
  await rawQuery(
    db,
    'insert into message_terms (message_id, account_id, terms) select m, a, t::bigint[] from unnest($1::bigint[], $2::integer[], $3::text[]) as u(m, a, t) on conflict do nothing',
    [rows.map((r) => r.messageId), rows.map((r) => r.accountId), rows.map((r) => termArray(r.terms))],
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
 * a table that grew by many rows looks empty to the planner, which then filters an account's whole
 * list instead of asking the index.
 */
export async function analyzeMessageTerms(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze message_terms`);
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
      keyId: messages.keyId,
      keyWrapped: keys.wrapped,
    })
    .from(messages)
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(and(eq(messages.searchIndexed, false), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .limit(limit);
}

/**
 * One page of the account's messages (not trashed) that carry every one of `terms`, newest first;
 * `aliasId` narrows to one alias, `beforeId` is the cursor. Each row carries its alias's key id.
 * The GIN index answers "holds all these terms" in one probe, then the matches are sorted; terms
 * are keyed per account, so the account filter only guards against another account's equal hash.
 */
export async function searchMessages(
  db: DbOrTx,
  accountId: number,
  terms: bigint[],
  opts: { aliasId?: number; beforeId?: number | null; limit: number },
): Promise<Array<MessageSummaryRow & { aliasKeyId: number }>> {
  if (!terms.length) return [];
  const rows = await db.transaction(async (tx) => {
    // Only for this query: a scan of the whole table, with each message's terms fetched from out of
    // line storage, is what the planner picks for a common word, since it cannot see that cost;
    // it took 190 ms at 10 000 messages where the index and a sort take a few.
    await tx.execute(sql`set local enable_seqscan = off`);
    return (
      tx
        .select({ ...summaryColumns, aliasKeyId: aliases.keyId })
        .from(messageTerms)
        .innerJoin(messages, eq(messages.id, messageTerms.messageId))
        .innerJoin(keys, eq(keys.id, messages.keyId))
        .innerJoin(aliases, eq(aliases.id, messages.aliasId))
        .where(
          and(
            sql`${messageTerms.terms} @> ${termArray(terms)}::bigint[]`,
            eq(messageTerms.accountId, accountId),
            eq(aliases.accountId, accountId),
            isNull(messages.trashedAt),
            opts.aliasId ? eq(messages.aliasId, opts.aliasId) : undefined,
            opts.beforeId ? lt(messageTerms.messageId, opts.beforeId) : undefined,
          ),
        )
        // `+ 0` keeps the planner off the primary key: walking it newest first and testing each row's
        // array looks cheap, but fetching the terms row by row until a page is full took tens of
        // milliseconds where the GIN index takes one.
        .orderBy(desc(sql`${messageTerms.messageId} + 0`))
        .limit(opts.limit)
    );
  });
  return rows as Array<MessageSummaryRow & { aliasKeyId: number }>;
}
