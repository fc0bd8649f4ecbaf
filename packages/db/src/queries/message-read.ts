/** The read of one message: its head, key, alias, domain and attachments, bodies apart. */
import { and, asc, eq, getTableColumns, isNull, sql, type Placeholder } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../client';
import { aliases, attachments, domains, keys, messages } from '../schema/index';
import type { AliasRow } from './aliases';
import type { AttachmentRow, MessageRow, SealedKey } from './messages';

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

/**
 * One visible message of the account's alias, found by its primary key whatever the statistics say
 * of the alias's size; the alias's ownership is checked in the same statement.
 */
export function ownedMessageQuery(db: DbOrTx, p: Record<'accountId' | 'aliasId' | 'messageId', number | Placeholder>) {
  return db
    .select(ownedMessageColumns)
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(
      and(
        eq(messages.id, p.messageId),
        eq(messages.aliasId, p.aliasId),
        eq(messages.accountId, p.accountId),
        eq(aliases.accountId, p.accountId),
        isNull(messages.trashedAt),
      ),
    );
}

const ownedMessage = prepared((db) =>
  ownedMessageQuery(db, {
    accountId: sql.placeholder('accountId'),
    aliasId: sql.placeholder('aliasId'),
    messageId: sql.placeholder('messageId'),
  }).prepare('find_owned_message'),
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
