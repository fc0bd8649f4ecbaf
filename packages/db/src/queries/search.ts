import { searchDateStart, type SearchClause } from '@app/shared';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql, type Column, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../client';
import { rawQuery } from '../raw';
import { aliases, keys, messageTerms, messages } from '../schema/index';
import { withIndexWalkPlanner } from './message-lists';
import { summaryColumns, type MessageRow, type MessageSummaryRow } from './messages';

export interface MessageTermsRow {
  accountId: number;
  messageId: number;
  terms: bigint[];
  /** The kinds the terms cover (runtime's search: 1 words, 2 subjects' own, 3 adjacent pairs). */
  version: number;
}

/** A Postgres array literal of terms, sent as one text parameter and cast to bigint[]. */
const termArray = (terms: bigint[]) => `{${terms.join(',')}}`;
/** Terms as a `bigint[]` parameter of a statement. */
const termsParam = (terms: bigint[]) => sql`${termArray(terms)}::bigint[]`;

/**
 * Stores the blind index terms of messages, one row per message (docs/security.md SR1), in one
 * statement for the whole batch: three parallel arrays, the terms of each message as one array
 * literal, so the statement's size does not grow with parameters per term.
 */
export async function insertMessageTerms(db: DbOrTx, rows: MessageTermsRow[]): Promise<void> {
  if (!rows.length) return;
  await rawQuery(
    db,
    'insert into message_terms (message_id, account_id, terms, version) select m, a, t::bigint[], v from unnest($1::bigint[], $2::integer[], $3::text[], $4::smallint[]) as u(m, a, t, v) on conflict do nothing',
    [rows.map((r) => r.messageId), rows.map((r) => r.accountId), rows.map((r) => termArray(r.terms)), rows.map((r) => r.version)],
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
      aliasId: messages.aliasId,
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
 * Does the column hold `value` (folded by searchFold) from the start of a word (searchHoldsAt)?
 * Lower-case first, which answers for ASCII; only a column with other characters is also folded the
 * way searchFold folds (compatibility-decomposed, without the common combining marks), which costs more.
 */
function holdsAt(col: Column, value: string): SQL {
  const escaped = value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
  const pattern = /^[\p{L}\p{N}]/u.test(value) ? `(^|[^[:alnum:]])${escaped}` : escaped;
  return sql`(lower(${col}) ~ ${pattern} or (${col} ~ '[^\\x01-\\x7f]' and regexp_replace(normalize(lower(${col}), NFKD), '[\\u0300-\\u036f]', '', 'g') ~ ${pattern}))`;
}

/** The date a list shows: the message's own Date, else its arrival. */
const shownDate = sql<Date>`coalesce(${messages.sentAt}, ${messages.createdAt})`;

/**
 * The conditions of the clauses that columns in clear answer (docs/security.md SR3): sender and
 * recipient (`from:`, `to:`), flags, date and size. Clauses on sealed fields (`subject:`,
 * phrases) are left to the caller, who opens each candidate.
 */
function clearConditions(clauses: SearchClause[], now: Date): SQL[] {
  const out: SQL[] = [];
  for (const c of clauses) {
    let cond: SQL | undefined;
    if (c.op === 'from') cond = sql`(${holdsAt(messages.senderAddress, c.value)} or ${holdsAt(messages.senderLabel, c.value)})`;
    else if (c.op === 'to') cond = holdsAt(messages.recipient, c.value);
    else if (c.op === 'has') cond = sql`${messages.attachmentsCount} > 0`;
    else if (c.op === 'is' && c.value !== 'spam')
      cond = c.value === 'unread' ? isNull(messages.openedAt) : isNotNull(messages.openedAt);
    else if (c.op === 'is') cond = inArray(messages.spamAction, ['mark', 'move']);
    else if (c.op === 'after') cond = gte(shownDate, searchDateStart(c.date, now));
    else if (c.op === 'before') cond = lt(shownDate, searchDateStart(c.date, now));
    else if (c.op === 'larger') cond = gt(messages.size, c.bytes);
    else if (c.op === 'smaller') cond = lt(messages.size, c.bytes);
    if (cond) out.push(c.negated ? sql`not coalesce(${cond}, false)` : cond);
  }
  return out;
}

export interface SearchPlan {
  /** Blind-index terms every match holds, and terms none holds (runtime's queryTerms). */
  all: bigint[];
  none: bigint[];
  /** Terms every match whose row is of version `since` or later holds too (a subject's own, a phrase's pairs). */
  byVersion: { since: number; terms: bigint[] }[];
  clauses: SearchClause[];
  now: Date;
  aliasId?: number;
  /** Only messages older than this id (the cursor). */
  beforeId?: number | null;
  limit: number;
  /** Also fetch the sealed text, for phrases checked on each candidate. */
  withText?: boolean;
}

export type SearchRow = MessageSummaryRow & { aliasKeyId: number; textSealed: Buffer | null; auth: MessageRow['auth'] };

/**
 * Ids of the account's messages that hold one of these terms: the GIN index answers an overlap from
 * its postings alone, where testing each candidate's own array would read it from out-of-line
 * storage (about 2 KB a message).
 */
function holdingAny(accountId: number, terms: bigint[]): SQL {
  return sql`(select ${messageTerms.messageId} from ${messageTerms} where ${messageTerms.accountId} = ${accountId} and ${messageTerms.terms} && ${termsParam(terms)})`;
}

/**
 * What a row of each version must hold: a search asks a row only for the kinds of terms its version
 * has (runtime's search), so the rows are taken in ranges of versions, `to` excluded (none for the
 * newest), each with the terms its rows all hold.
 */
function versionRanges(plan: SearchPlan): Array<{ from: number; to?: number; terms: bigint[] }> {
  const since = [...plan.byVersion].sort((a, b) => a.since - b.since);
  return [0, ...since.map((v) => v.since)].map((from, i) => ({
    from,
    to: since[i]?.since,
    terms: [...plan.all, ...since.slice(0, i).flatMap((v) => v.terms)],
  }));
}

/**
 * A search first walks the newest messages (of its alias, or of the account), testing each one's own
 * terms: a page of words much of the mail holds is found among them, where the index would hand over
 * every match for sorting. A probe of SEARCH_PROBE messages tells such words; when its matches say a
 * page lies within SEARCH_WALK_MAX messages more, the walk goes on, else the index is asked for what
 * is older (a rarer word, whose matches are few to sort).
 */
export const SEARCH_PROBE = 20;
export const SEARCH_WALK_MAX = 400;

/** Messages the walk goes on for after a probe with `hits` matches, or 0 when the index should answer. */
function walkOn(hits: number, limit: number): number {
  if (!hits || hits >= limit) return 0;
  // Half as many again as the probe's rate says, so a page is not missed by a few.
  const more = Math.ceil((((limit - hits) * SEARCH_PROBE) / hits) * 1.5);
  return more <= SEARCH_WALK_MAX ? more : 0;
}

/**
 * Candidates of a search, newest first: the account's messages (not trashed) that carry every
 * `all` term and no `none` term, and meet the clauses columns in clear answer; `aliasId` narrows to
 * one alias, `beforeId` is the cursor. Each row carries its alias's key id (and, with `withText`,
 * its sealed text). Terms are keyed per account, so the account filter on them only guards against
 * another account's equal hash. Without `all` terms, the account's messages are walked newest first.
 */
export async function searchMessages(db: Db, accountId: number, plan: SearchPlan): Promise<SearchRow[]> {
  const clear = clearConditions(plan.clauses, plan.now);
  const conditions = and(
    eq(messages.accountId, accountId),
    eq(aliases.accountId, accountId),
    isNull(messages.trashedAt),
    plan.aliasId ? eq(messages.aliasId, plan.aliasId) : undefined,
    ...clear,
  );
  const columns = {
    ...summaryColumns,
    // Named, since a subquery below selects them beside the message's own `key_id`.
    aliasKeyId: sql<number>`${aliases.keyId}`.as('alias_key_id'),
    auth: messages.auth,
    textSealed: plan.withText ? messages.textSealed : sql<Buffer | null>`null`.as('text_sealed'),
  };
  // A search's rows: each message with its key and its alias's key id.
  const messageRows = () =>
    db
      .select(columns)
      .from(messages)
      .innerJoin(keys, eq(keys.id, messages.keyId))
      .innerJoin(aliases, eq(aliases.id, messages.aliasId));
  const excluded = plan.none.length ? sql`${messages.id} not in ${holdingAny(accountId, plan.none)}` : undefined;
  if (!plan.all.length) {
    return (await messageRows()
      .where(and(conditions, plan.beforeId ? lt(messages.id, plan.beforeId) : undefined, excluded))
      .orderBy(desc(messages.id))
      .limit(plan.limit)) as SearchRow[];
  }
  const ranges = versionRanges(plan);
  const walk = await walkNewest(db, accountId, plan, ranges, clear, plan.beforeId, SEARCH_PROBE);
  let end = walk.length < SEARCH_PROBE;
  const more = end ? 0 : walkOn(walk.filter((w) => w.hit).length, plan.limit);
  if (more) {
    const further = await walkNewest(db, accountId, plan, ranges, clear, walk[walk.length - 1]!.id, more);
    walk.push(...further);
    end = further.length < more;
  }
  const hits = walk.filter((w) => w.hit).map((w) => w.id);
  const found = hits.length
    ? ((await messageRows()
        .where(
          and(
            inArray(messages.id, hits.slice(0, plan.limit)),
            eq(messages.accountId, accountId),
            eq(aliases.accountId, accountId),
          ),
        )
        .orderBy(desc(messages.id))) as SearchRow[])
    : [];
  // The walk saw the last message there is, or filled the page: the index has nothing to add.
  if (end || found.length >= plan.limit) return found;
  const beforeId = walk[walk.length - 1]!.id;
  // The plan is written out so the planner cannot pick another (docs/performance.md, search): the
  // GIN index gives the ids holding every term, sorted newest first (`+ 0` keeps the planner off the
  // primary key, whose walk would test each row's array); then each id in turn is looked up and tested
  // against the columns in clear until a page is full (the lookup's `limit 1` keeps it a step of its
  // own, each id being one message). Any other plan the planner chose, from estimates it cannot make
  // for hashed terms, joined every match.
  // Older rows lack some kinds of terms: they are found by those they hold, then opened. One scan per
  // range of versions, not one with `or`, which would read every row's array; a range's own terms
  // already leave out older rows, and a range below the newest version is asked of the index of
  // older rows alone (migration 0033), so it never tests the version of every newer match.
  const scans = ranges.map(({ to, terms }) =>
    db
      .select({ id: sql<number>`${messageTerms.messageId} + 0`.as('candidate_id') })
      .from(messageTerms)
      .where(
        and(
          sql`${messageTerms.terms} @> ${termsParam(terms)}`,
          // A constant, so the planner sees that the index of older rows holds every row it asks for.
          to === undefined ? undefined : sql`${messageTerms.version} < ${sql.raw(String(to))}`,
          eq(messageTerms.accountId, accountId),
          beforeId ? lt(messageTerms.messageId, beforeId) : undefined,
          plan.none.length ? sql`${messageTerms.messageId} not in ${holdingAny(accountId, plan.none)}` : undefined,
        ),
      ),
  );
  const [first, second, ...rest] = scans;
  const candidates = (second ? unionAll(first!, second, ...rest) : first!).orderBy(sql`1 desc`).as('candidate');
  const match = messageRows()
    .where(and(sql`${messages.id} = ${candidates.id}`, conditions))
    .limit(1)
    .as('match');
  const rows = await db.transaction(async (tx) => {
    // A scan of the whole table would read every message's terms from out-of-line storage.
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx
      .select()
      .from(candidates)
      .crossJoinLateral(match)
      .orderBy(desc(candidates.id))
      .limit(plan.limit - found.length);
  });
  return [...found, ...(rows.map((r) => r.match) as SearchRow[])];
}

/**
 * The newest `count` messages (not trashed) of the alias, or of the account, before `beforeId`,
 * newest first, each with whether it is a match: it meets the clauses in clear and its row of terms
 * holds what its version must and none of the `none` terms, its array read once for each test.
 */
async function walkNewest(
  db: Db,
  accountId: number,
  plan: SearchPlan,
  ranges: ReturnType<typeof versionRanges>,
  clear: SQL[],
  beforeId: number | null | undefined,
  count: number,
): Promise<Array<{ id: number; hit: boolean }>> {
  const newer = ranges
    .slice(1)
    .reverse()
    .map((r) => sql`when ${messageTerms.version} >= ${sql.raw(String(r.from))} then ${termsParam(r.terms)}`);
  const oldest = termsParam(ranges[0]!.terms);
  const asked = newer.length ? sql`case ${sql.join(newer, sql` `)} else ${oldest} end` : oldest;
  const holds = and(
    sql`${messageTerms.terms} @> ${asked}`,
    plan.none.length ? sql`not ${messageTerms.terms} && ${termsParam(plan.none)}` : undefined,
  );
  // A scalar subquery, tested on each walked message: an `exists` could be planned as one scan of
  // every row holding the terms, hashed, which is the cost this walk is there to avoid.
  const indexed = sql`coalesce((select ${holds} from ${messageTerms} where ${messageTerms.messageId} = ${messages.id} and ${messageTerms.accountId} = ${accountId}), false)`;
  // Under the index-walk planner, as the inbox list: statistics that call the alias small must not
  // make a sort of all its messages look cheaper than the walk along its list index (or, over the
  // whole account, `messages_account_search_idx`).
  return withIndexWalkPlanner(db, (tx) =>
    tx
      .select({ id: messages.id, hit: sql<boolean>`${and(...clear, indexed)}` })
      .from(messages)
      .where(
        and(
          plan.aliasId ? eq(messages.aliasId, plan.aliasId) : undefined,
          eq(messages.accountId, accountId),
          isNull(messages.trashedAt),
          beforeId ? lt(messages.id, beforeId) : undefined,
        ),
      )
      // The list index's own order (docs/performance.md §4): `desc` alone would ask nulls first.
      .orderBy(sql`${messages.id} desc nulls last`)
      .limit(count),
  );
}
