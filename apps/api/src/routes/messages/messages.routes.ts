import {
  adjustAliasCounters,
  deleteTrashedMessages,
  findMessageAttachment,
  findMessageBody,
  listAliasMessages,
  accessedStale,
  touchAliasAccessed,
  markMessageOpened,
  restoreAliasMessages,
  setMessageTrackers,
  setMessageVerification,
  type AccountRow,
  type AliasRow,
  type MessageFolder,
  type MessageHead,
  type MessageSelection,
} from '@app/db';
import { findVerification } from '@app/mail';
import { cursorId, messageActions, open, openText, pageOf, seal, sealVerification, type DataKey } from '@app/runtime';
import {
  CursorQuerySchema,
  CountResponseSchema,
  MarkMessagesBodySchema,
  MESSAGES_PAGE_SIZE,
  MessageResponseSchema,
  MessagesPageResponseSchema,
  OkResponseSchema,
  RestoreMessagesBodySchema,
  TrashMessagesBodySchema,
  type Tracker,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, rawAnswer } from '../../contract';
import { notFound } from '../../errors';
import { Id } from '@app/shared';
import { AliasParamsSchema, MessageParamsSchema, messageHtml, messageOf, openMessage, ownedAlias } from '../../ownership';
import { refuseCrossSite } from '../../plugins/security';
import { messageTrackers, serializeMessage, serializeMessageSummary, threadKeyText } from '../../serializers/message';
import { logAliasWrite, writeAliasLog } from '../aliases/log';
import { INLINE_IMAGE } from '../viewer/render';
import { verify } from '../viewer/signing';
import { contentDisposition, downloadHeaders, downloadType } from './downloads';

const AttachmentParams = MessageParamsSchema.extend({ attachmentId: Id });
/** The messages a bulk body names: its ids (each once), or all of the alias's. */
const selection = (body: { message_ids?: number[]; all?: true }): MessageSelection =>
  body.all ? 'all' : [...new Set(body.message_ids)];

/**
 * The messages of an alias (docs/product.md §7): list, read (marks read), trash, mark, attachment and raw
 * downloads, and the alias's message trash: list, restore, empty. Counters stay in step in the same transaction as each change; how long the trash
 * keeps a message, data shredding's short grace included, is docs/architecture.md §4.
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  const { publishCounts, trash: trashMessages, mark } = messageActions(services);
  const trash = (account: AccountRow, alias: AliasRow, ids: MessageSelection) => trashMessages(account.id, alias.id, ids);

  /**
   * The message's trackers: the list kept at its first read, else the sanitiser's pass (the costly
   * part of a read), kept sealed under the message key for the next reads.
   */
  async function trackersOf(row: MessageHead, key: DataKey): Promise<Tracker[]> {
    if (row.trackersSealed) return JSON.parse(openText(key, row.trackersSealed)!) as Tracker[];
    const trackers = messageTrackers(await messageHtml(services, { row, key }));
    await setMessageTrackers(db, row.id, seal(key, JSON.stringify(trackers)));
    return trackers;
  }

  /**
   * The sealed verification code and link of mail stored before ingest found them: found now, at the
   * message's first read, and kept for the next reads and the lists (the list itself never opens a body).
   */
  async function withVerification(row: MessageHead, key: DataKey): Promise<MessageHead> {
    if (row.verificationSealed || row.direction !== 'in' || row.state !== 'ok') return row;
    const verificationSealed = sealVerification(
      key,
      findVerification({
        subject: openText(key, row.subjectSealed) ?? '',
        text: openText(key, row.textSealed),
        html: await messageHtml(services, { row, key }),
      }),
    );
    await setMessageVerification(db, row.id, verificationSealed);
    return { ...row, verificationSealed };
  }

  /** A page of the alias's inbox, or of its trash, newest first. */
  async function listPage(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { id: number; aliasId: number },
    cursor: string | undefined,
    folder: MessageFolder,
  ) {
    const { alias } = await ownedAlias(request, reply, params);
    const rows = await listAliasMessages(db, alias.accountId, alias.id, {
      beforeId: cursorId(cursor),
      limit: MESSAGES_PAGE_SIZE + 1,
      folder,
    });
    const { page, nextCursor } = pageOf(rows, MESSAGES_PAGE_SIZE);
    // The owner opened the inbox (its first page): the alias list shows when (docs/product.md §3 `accessed`).
    if (!cursor && folder === 'inbox' && accessedStale(alias.accessedAt)) await touchAliasAccessed(db, alias.id);
    const keyOf = await services.keys.contentKeys(db, alias);
    return {
      success: true as const,
      messages: page.map((r) => serializeMessageSummary(r, keyOf(r))),
      next_cursor: nextCursor,
    };
  }

  app.get(
    '/account/:id/alias/:aliasId/messages',
    { schema: { params: AliasParamsSchema, querystring: CursorQuerySchema, response: answers(MessagesPageResponseSchema) } },
    (request, reply) => listPage(request, reply, request.params, request.query.cursor, 'inbox'),
  );

  // The alias's trash: trashed messages stay restorable until the retention job purges them.
  app.get(
    '/account/:id/alias/:aliasId/trash',
    { schema: { params: AliasParamsSchema, querystring: CursorQuerySchema, response: answers(MessagesPageResponseSchema) } },
    (request, reply) => listPage(request, reply, request.params, request.query.cursor, 'trash'),
  );

  // The alias's Spam folder (docs/spam.md): mail moved there by its score or by the reader.
  app.get(
    '/account/:id/alias/:aliasId/spam',
    { schema: { params: AliasParamsSchema, querystring: CursorQuerySchema, response: answers(MessagesPageResponseSchema) } },
    (request, reply) => listPage(request, reply, request.params, request.query.cursor, 'spam'),
  );

  app.get(
    '/account/:id/alias/:aliasId/message/:messageId',
    { schema: { params: MessageParamsSchema, response: answers(MessageResponseSchema) } },
    async (request, reply) => {
      // Opening marks the message read: a link or an image on another site must not (W2).
      refuseCrossSite(request);
      const { account, alias, row, attachments, key } = await openMessage(request, reply, request.params);
      // Opening a message marks it read (docs/product.md §7), once, with the unread counter in the same transaction.
      // A message read before needs no write at all.
      const counts = row.openedAt
        ? null
        : await db.transaction(async (tx) =>
            (await markMessageOpened(tx, alias.id, row.id)) ? adjustAliasCounters(tx, alias.id, { unread: -1 }) : null,
          );
      void publishCounts(account.id, alias.id, counts);
      const read = await withVerification(row, key);
      const opened = counts ? { ...read, openedAt: read.openedAt ?? new Date() } : read;
      return {
        success: true as const,
        message: {
          ...serializeMessage(opened, key, attachments),
          trackers: await trackersOf(row, key),
          thread_key: threadKeyText(row.threadKey),
        },
      };
    },
  );

  app.delete(
    '/account/:id/alias/:aliasId/message/:messageId',
    { schema: { params: MessageParamsSchema, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      if ((await trash(account, alias, [request.params.messageId])) === 0) throw notFound();
      return { success: true as const };
    },
  );

  app.put(
    '/account/:id/alias/:aliasId/trash_messages',
    { schema: { params: AliasParamsSchema, body: TrashMessagesBodySchema, response: answers(CountResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      const count = await trash(account, alias, selection(request.body));
      return { success: true as const, count };
    },
  );

  app.put(
    '/account/:id/alias/:aliasId/restore_messages',
    { schema: { params: AliasParamsSchema, body: RestoreMessagesBodySchema, response: answers(CountResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      const { count, counts } = await db.transaction(async (tx) => {
        const r = await restoreAliasMessages(tx, alias.id, [...new Set(request.body.message_ids)]);
        if (!r.count) return { count: 0, counts: null };
        const c = await adjustAliasCounters(tx, alias.id, { unread: r.unread, total: r.count });
        logAliasWrite(request, account, alias, { endpoint: 'restore_messages', detail: `${r.count} message(s)` });
        await writeAliasLog(tx, request, 200);
        return { count: r.count, counts: c };
      });
      void publishCounts(account.id, alias.id, counts);
      return { success: true as const, count };
    },
  );

  // Emptying the trash deletes for good: the messages' keys are shredded with them (docs/security.md W11).
  app.delete(
    '/account/:id/alias/:aliasId/trash',
    { schema: { params: AliasParamsSchema, response: answers(CountResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      const count = await db.transaction(async (tx) => {
        const keyIds = await deleteTrashedMessages(tx, alias.id);
        await services.keys.shred(tx, keyIds);
        if (keyIds.length) {
          logAliasWrite(request, account, alias, { endpoint: 'trash', detail: `${keyIds.length} message(s)` });
          await writeAliasLog(tx, request, 200);
        }
        return keyIds.length;
      });
      return { success: true as const, count };
    },
  );

  app.put(
    '/account/:id/alias/:aliasId/mark_messages',
    { schema: { params: AliasParamsSchema, body: MarkMessagesBodySchema, response: answers(CountResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      const count = await mark(account.id, alias.id, selection(request.body), request.body.type === 'read');
      return { success: true as const, count };
    },
  );

  /**
   * An attachment, always as a download (H9). `?inline=1` shows a raster image inline; the viewer
   * uses it for `cid:` images with a signed URL (`exp`, `sig`, see viewer/signing.ts) that names
   * this one attachment.
   */
  app.get(
    '/account/:id/alias/:aliasId/message/:messageId/attachment/:attachmentId',
    {
      schema: {
        params: AttachmentParams,
        querystring: z.object({
          inline: z.literal('1').optional(),
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(100).optional(),
          s: Id.optional(),
        }),
        response: rawAnswer('application/octet-stream', 'The attachment, decrypted; its own type only when safe (H9).'),
      },
    },
    async (request, reply) => {
      const { id, aliasId, messageId, attachmentId } = request.params;
      const { inline, exp, sig, s } = request.query;
      let opened;
      if (inline && exp !== undefined && sig && s) {
        if (!(await verify(services, { accountId: id, sessionId: s }, `att:${aliasId}:${messageId}:${attachmentId}`, exp, sig)))
          throw notFound();
        opened = await messageOf(services, id, request.params);
      } else {
        opened = await openMessage(request, reply, request.params);
      }
      const { row: message, key } = opened;
      const att = await findMessageAttachment(db, message.id, attachmentId);
      if (!att) throw notFound();
      const type = downloadType(att.contentType);
      const showInline = !!inline && INLINE_IMAGE.test(type);
      downloadHeaders(reply, type, contentDisposition(showInline ? 'inline' : 'attachment', att.filename));
      return reply.send(open(key, att.contentSealed));
    },
  );

  /** The message exactly as received (D1 b), as an .eml download; also for messages that failed to parse. */
  app.get(
    '/account/:id/alias/:aliasId/message/:messageId/raw',
    { schema: { params: MessageParamsSchema, response: rawAnswer('message/rfc822', 'The message exactly as received.') } },
    async (request, reply) => {
      const { row: message, key } = await openMessage(request, reply, request.params);
      const raw = await findMessageBody(db, message.id, 'raw');
      if (!raw) throw notFound();
      downloadHeaders(reply, 'message/rfc822', contentDisposition('attachment', `message-${message.id}.eml`));
      return reply.send(open(key, raw));
    },
  );
};

export default messageRoutes;
