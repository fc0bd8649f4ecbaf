import { listAccountMessages, listThreadMessages } from '@app/db';
import { cursorId, pageOf } from '@app/runtime';
import { ConversationsPageResponseSchema, CursorQuerySchema, MESSAGES_PAGE_SIZE, ThreadResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../contract';
import { AccountParamsSchema } from '../../ownership';
import { serializeMessageSummary, threadKeyText } from '../../serializers/message';
import { requireSelf } from '../sign-in/sessions';

const ThreadParams = AccountParamsSchema.extend({
  // A 64-bit signed keyed hash (threadKey in @app/runtime), as the list gives it.
  key: z.string().regex(/^-?\d{1,19}$/),
});

/**
 * All mail (docs/product.md §3 "All mail"): the inboxes of all the account's active aliases in one
 * list, a row per conversation, and a conversation's messages. Both read through the session's
 * account only, so another account's id is a 404 and its mail never appears (W3).
 */
const allMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  app.get(
    '/account/:id/messages',
    {
      schema: { params: AccountParamsSchema, querystring: CursorQuerySchema, response: answers(ConversationsPageResponseSchema) },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const { cursor } = request.query;
      const rows = await listAccountMessages(db, account.id, {
        beforeId: cursorId(cursor),
        limit: MESSAGES_PAGE_SIZE + 1,
      });
      const { page, nextCursor } = pageOf(rows, MESSAGES_PAGE_SIZE);
      const keyOf = await services.keys.accountContentKeys(db, account.id, page);
      return {
        success: true as const,
        messages: page.map((r) => ({
          ...serializeMessageSummary(r, keyOf(r)),
          thread_key: threadKeyText(r.threadKey),
          thread_count: r.threadCount,
        })),
        next_cursor: nextCursor,
      };
    },
  );

  app.get(
    '/account/:id/thread/:key',
    { schema: { params: ThreadParams, response: answers(ThreadResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const rows = await listThreadMessages(db, account.id, BigInt(request.params.key));
      const keyOf = await services.keys.accountContentKeys(db, account.id, rows);
      return { success: true as const, messages: rows.map((r) => serializeMessageSummary(r, keyOf(r))) };
    },
  );
};

export default allMailRoutes;
