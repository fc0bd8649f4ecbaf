import {
  adjustAliasCounters,
  appendAliasLogEntry,
  deleteMessages,
  deleteTrashedMessages,
  findAliasMessage,
  findEffectivePackage,
  findMessageAttachment,
  findOwnedAlias,
  listAliasMessages,
  listMessageAttachments,
  markAliasMessages,
  markMessageOpened,
  restoreAliasMessages,
  trashAliasMessages,
  type AccountRow,
  type AliasRow,
  type MessageSelection,
} from '@app/db';
import { open } from '@app/runtime';
import { MarkMessagesBodySchema, MESSAGES_PAGE_SIZE, RestoreMessagesBodySchema, TrashMessagesBodySchema } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';
import { requireSelf } from '../plugins/auth';
import { messageKey, serializeMessage, serializeMessageSummary } from '../serializers/message';
import { INLINE_IMAGE } from '../viewer/render';
import { verify } from '../viewer/signing';

const Id = z.coerce.number().int().positive();
const AliasParams = z.object({ id: Id, aliasId: Id });
const MessageParams = AliasParams.extend({ messageId: Id });
const AttachmentParams = MessageParams.extend({ attachmentId: Id });
const ListQuery = z.object({ cursor: z.string().regex(/^\d{1,18}$/).optional() });

/** The messages a bulk body names: its ids (each once), or all of the alias's (issue 18). */
const selection = (body: { message_ids?: number[]; all?: true }): MessageSelection => (body.all ? 'all' : [...new Set(body.message_ids)]);

/** The signed-in member's alias; another account's alias and a missing one get the same 404 (W3). */
async function ownAlias(request: FastifyRequest, reply: FastifyReply, p: { id: number; aliasId: number }): Promise<{ account: AccountRow; alias: AliasRow }> {
  const account = await requireSelf(request, reply, p.id);
  const alias = await findOwnedAlias(request.server.services.database.db, account.id, p.aliasId);
  if (!alias) throw notFound();
  return { account, alias };
}

// ---- Download headers (SECURITY H9) ----

/** RFC 6266 with an RFC 8187 `filename*`; the quoted fallback is plain ASCII without quotes or CR/LF. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const SAFE_TYPE =
  /^(?:image\/(?:png|gif|jpeg|pjpeg|webp|avif|bmp)|application\/pdf|text\/plain|text\/csv|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/(?:zip|gzip|x-gzip|x-tar|x-7z-compressed|msword|rtf|vnd\.[a-z0-9.+-]+))$/;

/** Never HTML, SVG, XML or script, whatever the sender declared: those become octet-stream. */
export function downloadType(declared: string): string {
  const t = declared.toLowerCase().split(';')[0]!.trim();
  if (/html|xml|svg|script/.test(t)) return 'application/octet-stream';
  return SAFE_TYPE.test(t) ? t : 'application/octet-stream';
}

function downloadHeaders(reply: FastifyReply, type: string, disposition: string): void {
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', disposition)
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');
}

/**
 * The messages of an alias (SPEC §7): list, read (marks read), trash, mark, attachment and raw
 * downloads, and the alias's message trash: list, restore, empty (issue 18). Counters stay in step in the same transaction as each change; with the package's
 * data shredding, trashing deletes the message and its key at once (DESIGN §4).
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  const publishCounts = (accountId: number, aliasId: number, counts: { unreadCount: number; totalCount: number } | null) =>
    counts
      ? services.events
          .publish(accountId, { type: 'alias', aliasId, unread_count: counts.unreadCount, total_count: counts.totalCount })
          .catch(() => undefined)
      : undefined;

  /** A page of the alias's inbox, or of its trash, newest first. */
  async function listPage(request: FastifyRequest, reply: FastifyReply, params: { id: number; aliasId: number }, cursor: string | undefined, trashed: boolean) {
    const { alias } = await ownAlias(request, reply, params);
    const rows = await listAliasMessages(db, alias.id, { beforeId: cursor ? Number(cursor) : null, limit: MESSAGES_PAGE_SIZE + 1, trashed });
    const page = rows.slice(0, MESSAGES_PAGE_SIZE);
    const aliasKey = await services.keys.aliasKey(db, alias);
    return {
      success: true as const,
      messages: page.map((r) => serializeMessageSummary(r, messageKey(aliasKey, r))),
      next_cursor: rows.length > MESSAGES_PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
    };
  }

  app.get('/account/:id/alias/:aliasId/messages', { schema: { params: AliasParams, querystring: ListQuery } }, (request, reply) =>
    listPage(request, reply, request.params, request.query.cursor, false),
  );

  // The alias's trash (issue 18): trashed messages stay restorable until the retention job purges them.
  app.get('/account/:id/alias/:aliasId/trash', { schema: { params: AliasParams, querystring: ListQuery } }, (request, reply) =>
    listPage(request, reply, request.params, request.query.cursor, true),
  );

  app.get('/account/:id/alias/:aliasId/message/:messageId', { schema: { params: MessageParams } }, async (request, reply) => {
    const { account, alias } = await ownAlias(request, reply, request.params);
    const row = await findAliasMessage(db, alias.id, request.params.messageId);
    if (!row) throw notFound();
    // Opening a message marks it read (SPEC §7), once, with the unread counter in the same transaction.
    const counts = await db.transaction(async (tx) =>
      (await markMessageOpened(tx, alias.id, row.id)) ? adjustAliasCounters(tx, alias.id, { unread: -1 }) : null,
    );
    void publishCounts(account.id, alias.id, counts);
    const opened = counts ? { ...row, openedAt: row.openedAt ?? new Date() } : row;
    const attachments = await listMessageAttachments(db, row.id);
    const key = messageKey(await services.keys.aliasKey(db, alias), row);
    return { success: true, message: serializeMessage(opened, key, attachments) };
  });

  /** Trashes messages; with data shredding they and their keys are gone in the same transaction. */
  async function trash(account: AccountRow, alias: AliasRow, ids: MessageSelection): Promise<number> {
    const pkg = await findEffectivePackage(db, account.id);
    const { count, counts } = await db.transaction(async (tx) => {
      const t = await trashAliasMessages(tx, alias.id, ids);
      if (!t.ids.length) return { count: 0, counts: null };
      if (pkg.features.data_shredding) {
        const keyIds = await deleteMessages(tx, t.ids);
        await services.keys.shred(tx, keyIds);
      }
      const c = await adjustAliasCounters(tx, alias.id, { unread: -t.unread, total: -t.ids.length });
      await appendAliasLogEntry(tx, { aliasId: alias.id, userId: account.id, method: 'PUT', endpoint: 'trash_messages', status: 200, detail: `${t.ids.length} message(s)` });
      return { count: t.ids.length, counts: c };
    });
    void publishCounts(account.id, alias.id, counts);
    return count;
  }

  app.delete('/account/:id/alias/:aliasId/message/:messageId', { schema: { params: MessageParams } }, async (request, reply) => {
    const { account, alias } = await ownAlias(request, reply, request.params);
    if ((await trash(account, alias, [request.params.messageId])) === 0) throw notFound();
    return { success: true };
  });

  app.put(
    '/account/:id/alias/:aliasId/trash_messages',
    { schema: { params: AliasParams, body: TrashMessagesBodySchema } },
    async (request, reply) => {
      const { account, alias } = await ownAlias(request, reply, request.params);
      const count = await trash(account, alias, selection(request.body));
      return { success: true, count };
    },
  );

  app.put(
    '/account/:id/alias/:aliasId/restore_messages',
    { schema: { params: AliasParams, body: RestoreMessagesBodySchema } },
    async (request, reply) => {
      const { account, alias } = await ownAlias(request, reply, request.params);
      const { count, counts } = await db.transaction(async (tx) => {
        const r = await restoreAliasMessages(tx, alias.id, [...new Set(request.body.message_ids)]);
        if (!r.count) return { count: 0, counts: null };
        const c = await adjustAliasCounters(tx, alias.id, { unread: r.unread, total: r.count });
        await appendAliasLogEntry(tx, { aliasId: alias.id, userId: account.id, method: 'PUT', endpoint: 'restore_messages', status: 200, detail: `${r.count} message(s)` });
        return { count: r.count, counts: c };
      });
      void publishCounts(account.id, alias.id, counts);
      return { success: true, count };
    },
  );

  // Emptying the trash deletes for good: the messages' keys are shredded with them (SECURITY W11).
  app.delete('/account/:id/alias/:aliasId/trash', { schema: { params: AliasParams } }, async (request, reply) => {
    const { account, alias } = await ownAlias(request, reply, request.params);
    const count = await db.transaction(async (tx) => {
      const keyIds = await deleteTrashedMessages(tx, alias.id);
      await services.keys.shred(tx, keyIds);
      if (keyIds.length) {
        await appendAliasLogEntry(tx, { aliasId: alias.id, userId: account.id, method: 'DELETE', endpoint: 'trash', status: 200, detail: `${keyIds.length} message(s)` });
      }
      return keyIds.length;
    });
    return { success: true, count };
  });

  app.put(
    '/account/:id/alias/:aliasId/mark_messages',
    { schema: { params: AliasParams, body: MarkMessagesBodySchema } },
    async (request, reply) => {
      const { account, alias } = await ownAlias(request, reply, request.params);
      const read = request.body.type === 'read';
      const { count, counts } = await db.transaction(async (tx) => {
        const n = await markAliasMessages(tx, alias.id, selection(request.body), read);
        return { count: n, counts: n ? await adjustAliasCounters(tx, alias.id, { unread: read ? -n : n }) : null };
      });
      void publishCounts(account.id, alias.id, counts);
      return { success: true, count };
    },
  );

  /**
   * An attachment, always as a download (H9). `?inline=1` shows a raster image inline; the viewer
   * uses it for `cid:` images with a signed URL (`exp`, `sig`), since its sandboxed document has
   * no session cookie to send.
   */
  app.get(
    '/account/:id/alias/:aliasId/message/:messageId/attachment/:attachmentId',
    {
      schema: {
        params: AttachmentParams,
        querystring: z.object({ inline: z.literal('1').optional(), exp: z.coerce.number().int().optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { id, aliasId, messageId, attachmentId } = request.params;
      const { inline, exp, sig } = request.query;
      let alias: AliasRow | null;
      if (inline && exp !== undefined && sig) {
        if (!(await verify(services, id, `att:${aliasId}:${messageId}:${attachmentId}`, exp, sig))) throw notFound();
        alias = await findOwnedAlias(db, id, aliasId);
      } else {
        alias = (await ownAlias(request, reply, request.params)).alias;
      }
      if (!alias) throw notFound();
      const message = await findAliasMessage(db, alias.id, messageId);
      const att = message && (await findMessageAttachment(db, message.id, attachmentId));
      if (!message || !att) throw notFound();
      const key = messageKey(await services.keys.aliasKey(db, alias), message);
      const type = downloadType(att.contentType);
      const showInline = !!inline && INLINE_IMAGE.test(type);
      downloadHeaders(reply, type, contentDisposition(showInline ? 'inline' : 'attachment', att.filename));
      return reply.send(open(key, att.contentSealed));
    },
  );

  /** The message exactly as received (D1 b), as an .eml download; also for messages that failed to parse. */
  app.get('/account/:id/alias/:aliasId/message/:messageId/raw', { schema: { params: MessageParams } }, async (request, reply) => {
    const { alias } = await ownAlias(request, reply, request.params);
    const message = await findAliasMessage(db, alias.id, request.params.messageId);
    if (!message?.rawSealed) throw notFound();
    const key = messageKey(await services.keys.aliasKey(db, alias), message);
    downloadHeaders(reply, 'message/rfc822', contentDisposition('attachment', `message-${message.id}.eml`));
    return reply.send(open(key, message.rawSealed));
  });
};

export default messageRoutes;
