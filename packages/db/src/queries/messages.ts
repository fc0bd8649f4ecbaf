/**
 * Message rows: their inserts, the columns lists show, and the changes a reader or retention makes.
 * Lists are in message-lists.ts, the read of one message in message-read.ts.
 */
import { and, asc, eq, inArray, isNull, isNotNull, or, sql } from 'drizzle-orm';
import { SPAM_FOLDER_DAYS, TRASH_KEEP_DAYS, type SpamAction } from '@app/shared';
import type { DbOrTx } from '../client';
import { insertRows, tableColumns, type RawColumn } from '../raw';
import type { attachments } from '../schema/index';
import { aliases, keys, messages, packages, subscriptions } from '../schema/index';

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

/** Opens one message (sets opened once); returns whether it was unread before. */
export async function markMessageOpened(db: DbOrTx, aliasId: number, messageId: number): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ openedAt: new Date() })
    .where(and(eq(messages.id, messageId), eq(messages.aliasId, aliasId), isNull(messages.openedAt), isNull(messages.trashedAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** The messages a bulk action covers: ids of the alias, or all of its messages. */
export type MessageSelection = number[] | 'all';
const selected = (ids: MessageSelection) => (ids === 'all' ? undefined : inArray(messages.id, ids));

/** Marks visible messages of the alias read or unread; returns how many changed state. */
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
