import { findMessageBody } from '@app/db';
import { ALIAS_MESSAGES, ChatSentResponseSchema, REPLY_MESSAGES, ReplyBodySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFromAlias } from '../aliases/chat';
import { requireConfirmedSender } from '../aliases/sending-limits';
import { replyTargetOf } from './reply';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { MessageParamsSchema, openMessage } from '../../ownership';
import { serializeMessageSummary } from '../../serializers/message';

/** Reply from the alias to any received message (docs/product.md §3 "Reply"). */
const messageReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account/:id/alias/:aliasId/message/:messageId/reply',
    { schema: { params: MessageParamsSchema, body: ReplyBodySchema, response: answers(ChatSentResponseSchema, 201) } },
    async (request, reply) => {
      const { account, alias, domain, row, key } = await openMessage(request, reply, request.params);
      if (!alias.isActive || alias.isTrashed) throw new AppError('FORBIDDEN', ALIAS_MESSAGES.notEditable);
      const text = request.body.text.trim();
      if (!text) throw new AppError('VALIDATION', REPLY_MESSAGES.empty);
      const target = await replyTargetOf(row, await findMessageBody(app.services.database.db, row.id, 'raw'), key);
      requireConfirmedSender(row.auth, request.body.confirm);
      const sent = await sendFromAlias(app.services, alias, { handle: alias.handle, domain }, target, text, 'reply');
      await app.services.events
        .publish(account.id, { type: 'message', aliasId: alias.id, messageId: sent.message.id })
        .catch(() => undefined);
      reply.code(201);
      return {
        success: true as const,
        message: { ...serializeMessageSummary(sent.message, sent.key), text },
        delivery: sent.delivery,
      };
    },
  );
};
export default messageReplyRoutes;
