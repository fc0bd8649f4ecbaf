// The message page's conversation, apart from queries.ts, which the inbox loads first.
import { queryOptions } from '@tanstack/react-query';
import type { MessageSummary } from '@app/shared';
import { api } from '../../api/client';
import { messageKeys } from '../aliases/queries';

/** GET /api/account/{id}/thread/{key}: the conversation's messages, newest first (the API gives them oldest first). */
export const threadQuery = (userId: number, key: string) =>
  queryOptions({
    queryKey: messageKeys.thread(key),
    queryFn: async ({ signal }): Promise<MessageSummary[]> => {
      const res = await api('GET /api/account/:id/thread/:key', { params: { id: userId, key }, signal });
      return res.messages.toReversed();
    },
  });
