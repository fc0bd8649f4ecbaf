import {
  aliasedTable,
  and,
  asc,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  isNull,
  isNotNull,
  lt,
  notExists,
  or,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import { SPAM_FOLDER_DAYS, TRASH_KEEP_DAYS, type SpamAction } from '@app/shared';
import { prepared, type Db, type DbOrTx } from '../client';
import { insertRows, tableColumns, type RawColumn } from '../raw';
import type { AliasRow } from './aliases';
import { aliases, attachments, domains, keys, messages, packages, subscriptions } from '../schema/index';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

/** A message row together with its wrapped key, so a page of messages needs no key look-ups. */
export interface SealedKey {
  keyScheme: string;
  keyWrapped: Buffer;
}

/** Inserts wrapped message keys in one statement; ids come back in the order given. */
export async function insertKeysBulk(db: DbOrTx, rows: Array<{ scheme: string; wrapped: Buffer }>): Promise<number[]> {
  if (!rows.length) return [];
  const out = await insertRows(db, 'keys', KEY_COLUMNS, rows, 'returning id');
  return out.map((r) => Number(r.id));
}

const KEY_COLUMNS: Array<RawColumn<{ scheme: string; wrapped: Buffer }>> = [
  { name: 'scheme', get: (r) => r.scheme },
  { name: 'wrapped', get: (r) => r.wrapped },
];

const MESSAGE_COLUMNS = tableColumns(messages, ['id']);

/**
 * Inserts many messages in one statement; those whose (inbound, alias) was stored already are
 * skipped (D5). Returns the rows that were inserted.
 */
export async function insertMessagesBulk(
  db: DbOrTx,
  rows: NewMessage[],
): Promise<Array<{ id: number; inboundId: number | null; aliasId: number }>> {
  if (!rows.length) return [];
  const out = await insertRows(
    db,
    'messages',
    MESSAGE_COLUMNS,
    rows,
    'on conflict (inbound_id, alias_id) do nothing returning id, inbound_id, alias_id',
  );
  return out.map((r) => ({
    id: Number(r.id),
    inboundId: r.inbound_id == null ? null : Number(r.inbound_id),
    aliasId: Number(r.alias_id),
  }));
}

/**
 * Inserts a message; null when (inbound, alias) was stored already. The unique constraint, not the
 * queue's job id, is what makes ingest idempotent (docs/security.md D5).
 */
export async function insertMessage(db: DbOrTx, values: NewMessage): Promise<number | null> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.inboundId, messages.aliasId] })
    .returning({ id: messages.id });
  return row?.id ?? null;
}

const ATTACHMENT_COLUMNS: Array<RawColumn<NewAttachment>> = [
  { name: 'message_id', get: (a) => a.messageId },
  { name: 'filename', get: (a) => a.filename },
  { name: 'content_type', get: (a) => a.contentType },
  { name: 'size', get: (a) => a.size },
  { name: 'cid', get: (a) => a.cid },
  { name: 'embedded', get: (a) => a.embedded ?? null },
  { name: 'content_sealed', get: (a) => a.contentSealed },
];

export async function insertAttachments(db: DbOrTx, rows: NewAttachment[]): Promise<void> {
  if (rows.length) await insertRows(db, 'attachments', ATTACHMENT_COLUMNS, rows);
}

/** The columns of a message in lists (no bodies), with its wrapped key. */
export const summaryColumns = {
  id: messages.id,
  aliasId: messages.aliasId,
  senderLabel: messages.senderLabel,
  senderAddress: messages.senderAddress,
  subjectSealed: messages.subjectSealed,
  snippetSealed: messages.snippetSealed,
  verificationSealed: messages.verificationSealed,
  hasHtml: messages.hasHtml,
  sentAt: messages.sentAt,
  createdAt: messages.createdAt,
  openedAt: messages.openedAt,
  direction: messages.direction,
  state: messages.state,
  attachmentsCount: messages.attachmentsCount,
  metaSealed: messages.metaSealed,
  spamScore: messages.spamScore,
  spamAction: messages.spamAction,
  keyId: messages.keyId,
  keyScheme: keys.scheme,
  keyWrapped: keys.wrapped,
};
export type MessageSummaryRow = Pick<
  MessageRow,
  | 'id'
  | 'aliasId'
  | 'senderLabel'
  | 'senderAddress'
  | 'subjectSealed'
  | 'snippetSealed'
  | 'verificationSealed'
  | 'hasHtml'
  | 'sentAt'
  | 'createdAt'
  | 'openedAt'
  | 'direction'
  | 'state'
  | 'attachmentsCount'
  | 'metaSealed'
  | 'spamScore'
  | 'spamAction'
  | 'keyId'
> &
  SealedKey;

const { keyScheme: _scheme, keyWrapped: _wrapped, ...pageColumns } = summaryColumns;

/** The lists of an alias: its inbox, its trash, its Spam folder (docs/spam.md). */
export type MessageFolder = 'inbox' | 'trash' | 'spam';

/** What a page of the list is asked with: values, or placeholders of a prepared statement. */
type PageParams = Record<'accountId' | 'aliasId' | 'beforeId' | 'limit', number | Placeholder>;

/**
 * Runs `read` in a transaction whose planner neither sorts nor bitmap-scans unless nothing else
 * can answer. For a query whose rows come from an ordered index walk under a LIMIT, that leaves the
 * one plan whose cost is that of the rows returned: statistics that call an alias small (right after
 * a burst, before autovacuum analyzes) would otherwise make a sort of all its rows look cheaper.
 */
export function withIndexWalkPlanner<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // JIT off too: a disabled plan's cost would pass its threshold and compile for hundreds of ms.
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('jit', 'off', true)`,
    );
    return read(tx);
  });
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
  // The LIMIT keeps the planner from turning this into a join that could read the whole keys table.
  const key = db
    .select({ keyScheme: keys.scheme, keyWrapped: keys.wrapped })
    .from(keys)
    .where(eq(keys.id, page.keyId))
    .limit(1)
    .as('key');
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
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
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
            .innerJoin(laterAlias, eq(laterAlias.id, later.aliasId))
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
  const key = db
    .select({ keyScheme: keys.scheme, keyWrapped: keys.wrapped, threadCount: threadCount.as('thread_count') })
    .from(keys)
    .where(eq(keys.id, page.keyId))
    .limit(1)
    .as('key');
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
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
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

/** A message without its two large sealed bodies, the raw copy and the HTML (findMessageBody reads them). */
export type MessageHead = Omit<MessageRow, 'rawSealed' | 'htmlSealed'>;
const { rawSealed: _raw, htmlSealed: _html, ...headColumns } = getTableColumns(messages);

/** Attachment metadata of a message, in MIME order (as listMessageAttachments), within the message's own query. */
const attachmentList = sql<Array<Omit<AttachmentRow, 'contentSealed'>>>`(select coalesce(json_agg(json_build_object(
  'id', a.id, 'messageId', a.message_id, 'filename', a.filename, 'contentType', a.content_type, 'size', a.size, 'cid', a.cid,
  'embedded', a.embedded
) order by a.id), '[]'::json) from ${attachments} a where a.message_id = ${messages.id})`;

/** What a read of one message selects: its head, key, alias, domain name and attachments' metadata. */
export const ownedMessageColumns = {
  message: headColumns,
  alias: aliases,
  domain: domains.name,
  keyScheme: keys.scheme,
  keyWrapped: keys.wrapped,
  attachments: attachmentList,
};

export interface OwnedMessage {
  alias: AliasRow;
  domain: string;
  message: MessageHead & SealedKey;
  attachments: Array<Omit<AttachmentRow, 'contentSealed'>>;
}

/** An OwnedMessage from a row of `ownedMessageColumns`, null when a (left) join found none. */
export function ownedMessageOf(row: {
  message: MessageHead | null;
  alias: AliasRow | null;
  domain: string | null;
  keyScheme: string | null;
  keyWrapped: Buffer | null;
  attachments: OwnedMessage['attachments'];
}): OwnedMessage | null {
  const { message, alias, domain, keyScheme, keyWrapped, attachments } = row;
  return message && alias && domain !== null && keyScheme !== null && keyWrapped
    ? { alias, domain, message: { ...message, keyScheme, keyWrapped }, attachments }
    : null;
}

const ownedMessage = prepared((db) =>
  db
    .select(ownedMessageColumns)
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(
      and(
        eq(messages.id, sql.placeholder('messageId')),
        eq(messages.aliasId, sql.placeholder('aliasId')),
        eq(aliases.accountId, sql.placeholder('accountId')),
        isNull(messages.trashedAt),
      ),
    )
    .prepare('find_owned_message'),
);

/**
 * A visible message of the account's alias, with its key, the alias, its domain name and its attachments' metadata,
 * in one round trip; null for another account's alias, another alias's message or a trashed one. Without its raw
 * copy and HTML: a read of the message needs neither, and they are most of its bytes.
 */
export async function findOwnedMessage(
  db: DbOrTx,
  accountId: number,
  aliasId: number,
  messageId: number,
): Promise<OwnedMessage | null> {
  const [row] = await ownedMessage(db).execute({ accountId, aliasId, messageId });
  return row ? ownedMessageOf(row) : null;
}

/** A message's sealed raw copy or HTML (null when it has none); ownership is checked before (findOwnedMessage). */
export async function findMessageBody(db: DbOrTx, messageId: number, body: 'raw' | 'html'): Promise<Buffer | null> {
  const column = body === 'raw' ? messages.rawSealed : messages.htmlSealed;
  const [row] = await db.select({ sealed: column }).from(messages).where(eq(messages.id, messageId));
  return row?.sealed ?? null;
}

/** Keeps the trackers found at a message's first read; a concurrent read that kept them first wins. */
export async function setMessageTrackers(db: DbOrTx, messageId: number, trackersSealed: Buffer): Promise<void> {
  await db
    .update(messages)
    .set({ trackersSealed })
    .where(and(eq(messages.id, messageId), isNull(messages.trackersSealed)));
}

/** Keeps the verification code and link found at a message's first read (mail stored before ingest found them). */
export async function setMessageVerification(db: DbOrTx, messageId: number, verificationSealed: Buffer): Promise<void> {
  await db
    .update(messages)
    .set({ verificationSealed })
    .where(and(eq(messages.id, messageId), isNull(messages.verificationSealed)));
}

/** Attachment metadata of a message, in MIME order. */
export async function listMessageAttachments(db: DbOrTx, messageId: number): Promise<Omit<AttachmentRow, 'contentSealed'>[]> {
  return db
    .select({
      id: attachments.id,
      messageId: attachments.messageId,
      filename: attachments.filename,
      contentType: attachments.contentType,
      size: attachments.size,
      cid: attachments.cid,
      embedded: attachments.embedded,
    })
    .from(attachments)
    .where(eq(attachments.messageId, messageId))
    .orderBy(asc(attachments.id));
}

export async function findMessageAttachment(db: DbOrTx, messageId: number, attachmentId: number): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), eq(attachments.messageId, messageId)));
  return row ?? null;
}

/** Opens one message (sets opened once); returns whether it was unread before. */
export async function markMessageOpened(db: DbOrTx, aliasId: number, messageId: number): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ openedAt: new Date() })
    .where(and(eq(messages.id, messageId), eq(messages.aliasId, aliasId), isNull(messages.openedAt), isNull(messages.trashedAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** Marks visible messages of the alias read or unread; returns how many changed state. */
/** The messages a bulk action covers: ids of the alias, or all of its messages. */
export type MessageSelection = number[] | 'all';
const selected = (ids: MessageSelection) => (ids === 'all' ? undefined : inArray(messages.id, ids));

export async function markAliasMessages(db: DbOrTx, aliasId: number, ids: MessageSelection, read: boolean): Promise<number> {
  if (ids !== 'all' && !ids.length) return 0;
  const rows = await db
    .update(messages)
    .set({ openedAt: read ? new Date() : null })
    .where(
      and(
        eq(messages.aliasId, aliasId),
        selected(ids),
        isNull(messages.trashedAt),
        read ? isNull(messages.openedAt) : isNotNull(messages.openedAt),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/** Trashes visible messages of the alias; returns what was trashed (ids, keys, unread ones). */
export async function trashAliasMessages(
  db: DbOrTx,
  aliasId: number,
  ids: MessageSelection,
): Promise<{ ids: number[]; keyIds: number[]; unread: number }> {
  if (ids !== 'all' && !ids.length) return { ids: [], keyIds: [], unread: 0 };
  const rows = await db
    .update(messages)
    .set({ trashedAt: new Date() })
    .where(and(eq(messages.aliasId, aliasId), selected(ids), isNull(messages.trashedAt)))
    .returning({ id: messages.id, keyId: messages.keyId, openedAt: messages.openedAt, direction: messages.direction });
  return {
    ids: rows.map((r) => r.id),
    keyIds: rows.map((r) => r.keyId),
    unread: rows.filter((r) => !r.openedAt && r.direction === 'in').length,
  };
}

/** Brings trashed messages of the alias back to its inbox; returns how many, and how many unread. */
export async function restoreAliasMessages(
  db: DbOrTx,
  aliasId: number,
  ids: number[],
): Promise<{ count: number; unread: number }> {
  if (!ids.length) return { count: 0, unread: 0 };
  const rows = await db
    .update(messages)
    .set({ trashedAt: null })
    .where(and(eq(messages.aliasId, aliasId), inArray(messages.id, ids), isNotNull(messages.trashedAt)))
    .returning({ openedAt: messages.openedAt, direction: messages.direction });
  return { count: rows.length, unread: rows.filter((r) => !r.openedAt && r.direction === 'in').length };
}

/** Deletes the alias's trashed messages (attachments cascade); returns their key ids to shred. */
export async function deleteTrashedMessages(db: DbOrTx, aliasId: number): Promise<number[]> {
  const rows = await db
    .delete(messages)
    .where(and(eq(messages.aliasId, aliasId), isNotNull(messages.trashedAt)))
    .returning({ keyId: messages.keyId });
  return rows.map((r) => r.keyId);
}

/** Deletes messages (attachments cascade); returns their key ids so the caller can shred them. */
export async function deleteMessages(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.delete(messages).where(inArray(messages.id, ids)).returning({ keyId: messages.keyId });
  return rows.map((r) => r.keyId);
}

/**
 * Messages due for deletion (docs/architecture.md §4): older than min(alias lifespan, package storage_days), or
 * trashed more than TRASH_KEEP_DAYS ago (graceMinutes ago with data shredding), or in a Spam folder for more than
 * SPAM_FOLDER_DAYS. The package is the subscription's while it has not expired, else Free (id 1).
 */
export async function findExpiredMessages(
  db: DbOrTx,
  limit: number,
  graceMinutes: number,
): Promise<Array<{ id: number; aliasId: number }>> {
  const rows = await db
    .select({ id: messages.id, aliasId: messages.aliasId })
    .from(messages)
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, aliases.accountId))
    .innerJoin(
      packages,
      eq(
        packages.id,
        sql`case when ${subscriptions.packageId} is not null and (${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} > now()) then ${subscriptions.packageId} else 1 end`,
      ),
    )
    .where(
      or(
        sql`${messages.trashedAt} < now() - make_interval(days => ${TRASH_KEEP_DAYS})`,
        sql`(${packages.features}->>'data_shredding')::boolean and ${messages.trashedAt} < now() - make_interval(mins => ${graceMinutes})`,
        // A Spam folder empties itself (docs/spam.md).
        sql`${messages.spamAction} = 'move' and ${messages.spamAt} < now() - make_interval(days => ${SPAM_FOLDER_DAYS})`,
        sql`${messages.createdAt} < now() - make_interval(days => least(${aliases.lifespan}, (${packages.limits}->>'storage_days')::int))`,
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows;
}

/**
 * The reader's verdict on one message of the alias (docs/spam.md): "Spam" moves it to the Spam
 * folder, "Not spam" back to the inbox (marked `ham`). Returns its new verdict, null when the
 * alias has no such message (trashed messages included: they are in the trash).
 */
export async function setMessageSpamVerdict(
  db: DbOrTx,
  aliasId: number,
  messageId: number,
  verdict: 'spam' | 'ham',
): Promise<{ spamScore: number | null; spamAction: SpamAction | null } | null> {
  const [row] = await db
    .update(messages)
    .set(verdict === 'spam' ? { spamAction: 'move', spamAt: new Date() } : { spamAction: 'ham', spamAt: null })
    .where(and(eq(messages.id, messageId), eq(messages.aliasId, aliasId), isNull(messages.trashedAt)))
    .returning({ spamScore: messages.spamScore, spamAction: messages.spamAction });
  return row ?? null;
}
