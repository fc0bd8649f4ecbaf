import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { messages } from '../schema/index';

/**
 * The folders a mail client sees (docs/mail-clients.md): a set of the account's aliases and one of the
 * product's lists. Only messages that keep their raw copy are served, as the export does.
 */
export interface MailFolder {
  aliasIds: number[];
  list: 'inbox' | 'trash' | 'spam';
}

/** A message as a mail client lists it: never a sealed column. */
export interface MailMessage {
  id: number;
  aliasId: number;
  size: number;
  createdAt: Date;
  openedAt: Date | null;
}

function inFolder(folder: MailFolder) {
  return and(
    inArray(messages.aliasId, folder.aliasIds.length ? folder.aliasIds : [0]),
    isNotNull(messages.rawSealed),
    folder.list === 'trash' ? isNotNull(messages.trashedAt) : isNull(messages.trashedAt),
    folder.list === 'spam' ? eq(messages.spamAction, 'move') : undefined,
    folder.list === 'inbox' ? sql`${messages.spamAction} is distinct from 'move'` : undefined,
  );
}

/**
 * Ids of the folder's messages after `afterId`, oldest first: a mailbox's UID map. One statement and
 * one text value, so 100 000 ids cost one index-only walk and a split, not 100 000 mapped rows.
 */
export async function listMailFolderIds(db: DbOrTx, folder: MailFolder, afterId: number): Promise<number[]> {
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${messages.id}::text, ',' order by ${messages.id})` })
    .from(messages)
    .where(and(inFolder(folder), gt(messages.id, afterId)));
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

/**
 * How many of the folder's messages have an id up to `upTo`, and the sum of those ids: when both match
 * what a session holds, no message it knows has left the folder, and only newer ids need reading.
 */
export async function digestMailFolder(db: DbOrTx, folder: MailFolder, upTo: number): Promise<{ count: number; sum: number }> {
  const [row] = await db
    .select({ count: count(), sum: sql<number>`coalesce(sum(${messages.id}), 0)::float8`.mapWith(Number) })
    .from(messages)
    .where(and(inFolder(folder), lte(messages.id, upTo)));
  return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
}

/** The folder's newest id; 0 when it is empty. */
export async function lastMailFolderId(db: DbOrTx, folder: MailFolder): Promise<number> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(inFolder(folder)).orderBy(desc(messages.id)).limit(1);
  return row?.id ?? 0;
}

/** How many messages the folder holds, and how many of them are unread. */
export async function countMailFolder(db: DbOrTx, folder: MailFolder): Promise<{ total: number; unseen: number }> {
  const [row] = await db
    .select({ total: count(), unseen: sql<number>`count(*) filter (where ${messages.openedAt} is null)`.mapWith(Number) })
    .from(messages)
    .where(inFolder(folder));
  return { total: row?.total ?? 0, unseen: row?.unseen ?? 0 };
}

/** The listed facts of these messages of the folder, oldest first; a message that left it is missing. */
export async function findMailMessages(db: DbOrTx, folder: MailFolder, ids: number[]): Promise<MailMessage[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: messages.id,
      aliasId: messages.aliasId,
      size: messages.size,
      createdAt: messages.createdAt,
      openedAt: messages.openedAt,
    })
    .from(messages)
    .where(and(inFolder(folder), inArray(messages.id, ids)))
    .orderBy(asc(messages.id));
}
