/**
 * The lists of messages: an alias's inbox, trash and Spam folder, the account's All mail, and one
 * conversation. A page's rows come from an ordered index walk under a LIMIT, then are joined to
 * their keys, so its cost is that of one page whatever the inbox's size (docs/performance.md §4).
 */
import {
  aliasedTable,
  and,
  asc,
  eq,
  exists,
  gt,
  isNotNull,
  isNull,
  lt,
  notExists,
  sql,
  type Placeholder,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { INDEX_WALK_SETTINGS, indexWalkHandle, prepared, type Db, type DbOrTx } from '../client';
import { aliases, keys, messages } from '../schema/index';
import { summaryColumns, type MessageSummaryRow } from './messages';

const { keyScheme: _scheme, keyWrapped: _wrapped, ...pageColumns } = summaryColumns;

/** The lists of an alias: its inbox, its trash, its Spam folder (docs/spam.md). */
export type MessageFolder = 'inbox' | 'trash' | 'spam';

/** What a page of the list is asked with: values, or placeholders of a prepared statement. */
type PageParams = Record<'accountId' | 'aliasId' | 'beforeId' | 'limit', number | Placeholder>;

/**
 * Runs `read` where the planner neither sorts nor bitmap-scans unless nothing else can answer
 * (INDEX_WALK_SETTINGS): on Postgres in the index-walk pool, whose sessions start that way; on PGlite
 * in a transaction that sets them. For a query whose rows come from an ordered index walk under a
 * LIMIT, that leaves the one plan whose cost is that of the rows returned: statistics that call an
 * alias small (right after a burst, before autovacuum analyzes) would otherwise make a sort of all
 * its rows look cheaper.
 */
export function withIndexWalkPlanner<T>(db: Db, read: (db: DbOrTx) => Promise<T>): Promise<T> {
  const walk = indexWalkHandle(db);
  if (walk) return read(walk);
  return db.transaction(async (tx) => {
    const settings = Object.entries(INDEX_WALK_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return read(tx);
  });
}

/**
 * The key of a page's row (with `more` columns computed per row), for a lateral join once the page
 * is read. The LIMIT keeps the planner from turning it into a join that could read the whole keys table.
 */
function pageKey<T extends SelectedFields>(db: DbOrTx, keyId: SQLWrapper, more: T) {
  return db
    .select({ keyScheme: keys.scheme, keyWrapped: keys.wrapped, ...more })
    .from(keys)
    .where(eq(keys.id, keyId))
    .limit(1)
    .as('key');
}

/**
 * One page of an alias's inbox or trash, newest first, after the cursor `beforeId` when given. The
 * page's rows come first, from a walk of the alias's list index in its own order under a LIMIT (a
 * subquery the planner cannot flatten); only those rows are then joined to their keys, each by its
 * primary key. Run under withIndexWalkPlanner, whatever the statistics say of the alias's size, the
 * cost stays that of one page (docs/performance.md §4).
 * The alias must be the account's, checked once in the same statement.
 */
export function aliasMessagesPageQuery(db: DbOrTx, shape: { folder: MessageFolder; after: boolean }, p: PageParams) {
  const page = db
    .select(pageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.aliasId, p.aliasId),
        // The account's own rows: the scope every hot query carries (docs/scaling.md).
        eq(messages.accountId, p.accountId),
        shape.folder === 'trash' ? isNotNull(messages.trashedAt) : isNull(messages.trashedAt),
        // The Spam folder is apart from the inbox; a trashed message is in the trash whatever its verdict.
        shape.folder === 'spam' ? eq(messages.spamAction, 'move') : undefined,
        shape.folder === 'inbox' ? sql`${messages.spamAction} is distinct from 'move'` : undefined,
        shape.after ? lt(messages.id, p.beforeId) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(aliases)
            .where(and(eq(aliases.id, p.aliasId), eq(aliases.accountId, p.accountId))),
        ),
      ),
    )
    // NULLS LAST as in the index (and below), or it cannot give the order and the planner sorts.
    .orderBy(sql`${messages.id} desc nulls last`)
    .limit(p.limit)
    .as('page');
  const key = pageKey(db, page.keyId, {});
  return db
    .select()
    .from(page)
    .crossJoinLateral(key)
    .orderBy(sql`${page.id} desc nulls last`);
}

/** The list query in each of its shapes: inbox, trash or spam, first page or after a cursor. */
const aliasMessagesPage = (folder: MessageFolder, after: boolean) =>
  prepared((db) =>
    aliasMessagesPageQuery(
      db,
      { folder, after },
      {
        accountId: sql.placeholder('accountId'),
        aliasId: sql.placeholder('aliasId'),
        beforeId: sql.placeholder('beforeId'),
        limit: sql.placeholder('limit'),
      },
    ).prepare(`list_alias_messages_${folder}${after ? '_after' : ''}`),
  );
const aliasMessagesPages = {
  inbox: [aliasMessagesPage('inbox', false), aliasMessagesPage('inbox', true)],
  trash: [aliasMessagesPage('trash', false), aliasMessagesPage('trash', true)],
  spam: [aliasMessagesPage('spam', false), aliasMessagesPage('spam', true)],
};

/** One page of the account's alias's inbox (or trash, or Spam folder), newest first; `beforeId` is the cursor. */
export async function listAliasMessages(
  db: Db,
  accountId: number,
  aliasId: number,
  opts: { beforeId?: number | null; limit: number; /** another list than the inbox */ folder?: MessageFolder },
): Promise<MessageSummaryRow[]> {
  const folder = opts.folder ?? 'inbox';
  const page = aliasMessagesPages[folder][opts.beforeId ? 1 : 0]!;
  const params = { accountId, aliasId, beforeId: opts.beforeId, limit: opts.limit };
  // The trash has no list index of its own: its plan is left to the statistics.
  const rows =
    folder === 'trash' ? await page(db).execute(params) : await withIndexWalkPlanner(db, (tx) => page(tx).execute(params));
  return rows.map((r) => ({ ...r.page, ...r.key }));
}

/** At most this many messages of one conversation are counted ("1 of 999+"). */
export const THREAD_COUNT_MAX = 999;

/** A row of All mail: the newest inbox message of a conversation, its alias's key id and the conversation's size. */
export type ConversationRow = MessageSummaryRow & { aliasKeyId: number; threadKey: bigint | null; threadCount: number };

/** An inbox message of an active alias: not trashed, not in the Spam folder (docs/spam.md), received. */
const inInbox = (m: typeof messages) =>
  and(isNull(m.trashedAt), eq(m.direction, 'in'), sql`${m.spamAction} is distinct from 'move'`);

/**
 * One page of the account's All mail (docs/product.md §3 "All mail"): the inbox of every active
 * alias, one row per conversation at its newest message, newest first, after the cursor `beforeId`.
 * As for an alias's inbox (aliasMessagesPageQuery), the page's rows come first from a walk of the
 * account's list index in its own order under a LIMIT, each older message of a conversation
 * skipped by one probe of the conversation index; only then are keys joined and conversations
 * counted, a page's worth. Run under withIndexWalkPlanner (docs/performance.md §4).
 */
export function accountMessagesPageQuery(db: DbOrTx, after: boolean, p: Omit<PageParams, 'aliasId'>) {
  const later = aliasedTable(messages, 'later');
  const laterAlias = aliasedTable(aliases, 'later_alias');
  const page = db
    .select({ ...pageColumns, threadKey: messages.threadKey, aliasKeyId: sql<number>`${aliases.keyId}`.as('alias_key_id') })
    .from(messages)
    .innerJoin(aliases, and(eq(aliases.id, messages.aliasId), eq(aliases.accountId, messages.accountId)))
    .where(
      and(
        eq(messages.accountId, p.accountId),
        inInbox(messages),
        after ? lt(messages.id, p.beforeId) : undefined,
        eq(aliases.isActive, true),
        eq(aliases.isTrashed, false),
        // A conversation shows once, at its newest message in All mail.
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .innerJoin(laterAlias, and(eq(laterAlias.id, later.aliasId), eq(laterAlias.accountId, later.accountId)))
            .where(
              and(
                eq(later.accountId, p.accountId),
                eq(later.threadKey, messages.threadKey),
                gt(later.id, messages.id),
                inInbox(later),
                eq(laterAlias.isActive, true),
                eq(laterAlias.isTrashed, false),
              ),
            ),
        ),
      ),
    )
    .orderBy(sql`${messages.id} desc nulls last`)
    .limit(p.limit)
    .as('page');
  // Every message of the conversation, sent replies too: they are shown inside it, never as rows.
  // Inside the lateral subquery, drizzle would leave the page's column unqualified, and `t` would capture it.
  const pageThread = sql.raw('"page"."thread_key"');
  const threadCount = sql<number>`case when ${pageThread} is null then 1 else (select count(*)::int from (select 1 from ${messages} t where t.account_id = ${p.accountId} and t.thread_key = ${pageThread} and t.trashed_at is null limit ${THREAD_COUNT_MAX}) c) end`;
  const key = pageKey(db, page.keyId, { threadCount: threadCount.as('thread_count') });
  return db
    .select()
    .from(page)
    .crossJoinLateral(key)
    .orderBy(sql`${page.id} desc nulls last`);
}

const accountMessagesPage = (after: boolean) =>
  prepared((db) =>
    accountMessagesPageQuery(db, after, {
      accountId: sql.placeholder('accountId'),
      beforeId: sql.placeholder('beforeId'),
      limit: sql.placeholder('limit'),
    }).prepare(`list_account_messages${after ? '_after' : ''}`),
  );
const accountMessagesPages = [accountMessagesPage(false), accountMessagesPage(true)];

/** One page of the account's All mail, a row per conversation, newest first; `beforeId` is the cursor. */
export async function listAccountMessages(
  db: Db,
  accountId: number,
  opts: { beforeId?: number | null; limit: number },
): Promise<ConversationRow[]> {
  const page = accountMessagesPages[opts.beforeId ? 1 : 0]!;
  const rows = await withIndexWalkPlanner(db, (tx) =>
    page(tx).execute({ accountId, beforeId: opts.beforeId, limit: opts.limit }),
  );
  return rows.map((r) => ({ ...r.page, ...r.key }));
}

/** At most this many messages of one conversation are listed, oldest first. */
export const THREAD_LIST_MAX = 200;

/**
 * The messages of one of the account's conversations, received and sent, oldest first, each with
 * its key and its alias's key id; trashed ones and those of trashed aliases are left out.
 */
export async function listThreadMessages(
  db: DbOrTx,
  accountId: number,
  threadKey: bigint,
): Promise<Array<MessageSummaryRow & { aliasKeyId: number }>> {
  return db
    .select({ ...summaryColumns, aliasKeyId: aliases.keyId })
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .innerJoin(aliases, and(eq(aliases.id, messages.aliasId), eq(aliases.accountId, messages.accountId)))
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.threadKey, threadKey),
        isNull(messages.trashedAt),
        eq(aliases.isTrashed, false),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(THREAD_LIST_MAX);
}
