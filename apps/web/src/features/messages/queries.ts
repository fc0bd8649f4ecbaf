import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ConversationSummary, MessageDetail, MessageSummary } from '@app/shared';
import { api, apiUrl } from '../../api/client';
import { messageKeys } from '../aliases/queries';

/** A page of a list; All mail's rows are conversations. */
export type MessagePage = { messages: Array<MessageSummary | ConversationSummary>; next_cursor: string | null };

/** A list read a page at a time, newest first, 50 a page; `next_cursor` null on the last page. */
const pagedList = (
  queryKey: readonly unknown[],
  list: (cursor: string | undefined, signal: AbortSignal) => Promise<MessagePage>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<MessagePage> => {
      const { messages, next_cursor } = await list(pageParam ?? undefined, signal);
      return { messages, next_cursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The inbox (or the alias's trash, or its Spam folder). */
export const messagesQuery = (userId: number, aliasId: number, box: 'messages' | 'trash' | 'spam' = 'messages') =>
  pagedList(
    box === 'trash' ? messageKeys.trash(aliasId) : box === 'spam' ? messageKeys.spam(aliasId) : messageKeys.list(aliasId),
    (cursor, signal) =>
      api(`GET /api/account/:id/alias/:aliasId/${box}`, { params: { id: userId, aliasId }, query: { cursor }, signal }),
  );

/** All mail (docs/product.md §3 "All mail"): every active alias's inbox, a row per conversation. */
export const allMailQuery = (userId: number) =>
  pagedList(messageKeys.allMail, (cursor, signal) =>
    api('GET /api/account/:id/messages', { params: { id: userId }, query: { cursor }, signal }),
  );

/** One message. Fetching it marks it read on the server, so it is never refetched in the background. */
export const messageQuery = (userId: number, aliasId: number, messageId: number) =>
  queryOptions({
    queryKey: messageKeys.detail(aliasId, messageId),
    queryFn: async ({ signal }): Promise<MessageDetail> => {
      const res = await api('GET /api/account/:id/alias/:aliasId/message/:messageId', {
        params: { id: userId, aliasId, messageId },
        signal,
      });
      return res.message;
    },
    staleTime: Infinity,
  });

export const attachmentUrl = (userId: number, aliasId: number, messageId: number, attachmentId: number) =>
  apiUrl('GET /api/account/:id/alias/:aliasId/message/:messageId/attachment/:attachmentId', {
    params: { id: userId, aliasId, messageId, attachmentId },
  });

export const rawUrl = (userId: number, aliasId: number, messageId: number) =>
  apiUrl('GET /api/account/:id/alias/:aliasId/message/:messageId/raw', { params: { id: userId, aliasId, messageId } });

/** The server's viewer address for a message's sanitised HTML (docs/architecture.md §5). */
export function viewerUrl(userId: number, aliasId: number, messageId: number, images = false): string {
  return apiUrl('GET /viewer/:userId/:aliasId/:messageId', {
    params: { userId, aliasId, messageId },
    query: images ? { images: '1' } : {},
  });
}
