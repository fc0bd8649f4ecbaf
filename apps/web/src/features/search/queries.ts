import { infiniteQueryOptions } from '@tanstack/react-query';
import type { MessageSummary } from '@app/shared';
import { api, seg } from '../../api/client';

export type SearchPage = { messages: MessageSummary[]; next_cursor: string | null };

/** docs/product.md §7 Search: the account's matching messages (or one alias's), newest first, 50 a page. */
export const searchQuery = (userId: number, q: string, aliasId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['search', userId, q, aliasId],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const params = new URLSearchParams({ q });
      if (aliasId !== null) params.set('alias_id', String(aliasId));
      if (pageParam) params.set('cursor', pageParam);
      const res = await api.get<SearchPage>(`/api/account/${seg(userId)}/search?${params.toString()}`, { signal });
      return { messages: res.messages ?? [], next_cursor: res.next_cursor ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
