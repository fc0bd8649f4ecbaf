import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ConversationSummary, MessageDetail, MessageSummary } from '@app/shared';
import { api, seg } from '../../api/client';
import { aliasBase, messageKeys } from '../aliases/queries';

/** A page of a list; All mail's rows are conversations. */
export type MessagePage = { messages: Array<MessageSummary | ConversationSummary>; next_cursor: string | null };

/** A list read a page at a time, newest first, 50 a page; `next_cursor` null on the last page. */
const pagedList = (queryKey: readonly unknown[], url: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<MessagePage> => {
      const q = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      const res = await api.get<MessagePage>(`${url}${q}`, { signal });
      return { messages: res.messages ?? [], next_cursor: res.next_cursor ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The inbox (or the alias's trash, or its Spam folder). */
export const messagesQuery = (userId: number, aliasId: number, box: 'messages' | 'trash' | 'spam' = 'messages') =>
  pagedList(
    box === 'trash' ? messageKeys.trash(aliasId) : box === 'spam' ? messageKeys.spam(aliasId) : messageKeys.list(aliasId),
    `${aliasBase(userId, aliasId)}/${box}`,
  );

/** All mail (docs/product.md §3 "All mail"): every active alias's inbox, a row per conversation. */
export const allMailQuery = (userId: number) => pagedList(messageKeys.allMail, `/api/account/${seg(userId)}/messages`);

/** One message. Fetching it marks it read on the server, so it is never refetched in the background. */
export const messageQuery = (userId: number, aliasId: number, messageId: number) =>
  queryOptions({
    queryKey: messageKeys.detail(aliasId, messageId),
    queryFn: async ({ signal }): Promise<MessageDetail> => {
      const res = await api.get<{ message: MessageDetail }>(`${aliasBase(userId, aliasId)}/message/${seg(messageId)}`, {
        signal,
      });
      return res.message;
    },
    staleTime: Infinity,
  });

export const attachmentUrl = (userId: number, aliasId: number, messageId: number, attachmentId: number) =>
  `${aliasBase(userId, aliasId)}/message/${seg(messageId)}/attachment/${seg(attachmentId)}`;

export const rawUrl = (userId: number, aliasId: number, messageId: number) =>
  `${aliasBase(userId, aliasId)}/message/${seg(messageId)}/raw`;

/** The server's viewer address for a message's sanitised HTML (docs/architecture.md §5). */
export function viewerUrl(userId: number, aliasId: number, messageId: number, images = false): string {
  return `/viewer/${userId}/${aliasId}/${messageId}${images ? '?images=1' : ''}`;
}
