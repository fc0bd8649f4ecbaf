import { listConversation } from '@app/db';
import { openText } from '@app/runtime';
import {
  ALIAS_MESSAGES,
  CHAT_HISTORY,
  ChatBodySchema,
  ChatResponseSchema,
  ChatSentResponseSchema,
  stripBidi,
  type ChatEntry,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendChat } from './chat';
import { logAliasWrite } from './log';
import { AliasParamsSchema, ownedAlias } from '../../ownership';
import { answers } from '../../contract';
import { serializeMessageSummary } from '../../serializers/message';
import { AppError } from '../../errors';

/** The chat input of a chat alias (docs/product.md §2 "Alias inbox", docs/architecture.md §4 "Chat aliases"). */
const aliasChatRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The conversation: the latest messages of both directions with their text, oldest first. */
  app.get(
    '/account/:id/alias/:aliasId/chat',
    { schema: { params: AliasParamsSchema, response: answers(ChatResponseSchema) } },
    async (request, reply) => {
      const { alias } = await ownedAlias(request, reply, request.params);
      const keyOf = await app.services.keys.contentKeys(app.services.database.db, alias);
      const rows = await listConversation(app.services.database.db, alias.id, CHAT_HISTORY);
      const messages = rows.reverse().map(({ message: m, keyWrapped }): ChatEntry => {
        const key = keyOf({ keyId: m.keyId, keyWrapped });
        return {
          id: m.id,
          direction: m.direction === 'out' ? 'out' : 'in',
          sender_label: stripBidi(m.senderLabel),
          sender_address: m.senderAddress,
          subject: stripBidi(openText(key, m.subjectSealed) ?? ''),
          text: openText(key, m.textSealed),
          html: m.hasHtml,
          sent: (m.sentAt ?? m.createdAt).toISOString(),
          opened: m.openedAt?.toISOString() ?? null,
        };
      });
      return { success: true as const, messages };
    },
  );

  app.post(
    '/account/:id/alias/:aliasId/chat',
    { schema: { params: AliasParamsSchema, body: ChatBodySchema, response: answers(ChatSentResponseSchema, 201) } },
    async (request, reply) => {
      const { account, alias, domain } = await ownedAlias(request, reply, request.params);
      logAliasWrite(request, account, alias, { detail: 'chat' });
      if (alias.specialty !== 'chat') throw new AppError('BAD_REQUEST', ALIAS_MESSAGES.notChat);
      if (!alias.isActive || alias.isTrashed) throw new AppError('FORBIDDEN', ALIAS_MESSAGES.notEditable);
      const text = request.body.text.trim();
      if (!text) throw new AppError('VALIDATION', ALIAS_MESSAGES.emptyChat);
      const sent = await sendChat(app.services, alias, { handle: alias.handle, domain }, text, request.body.confirm);
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
export default aliasChatRoutes;
