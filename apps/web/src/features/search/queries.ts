import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageSummary, SearchBulkBody } from '@app/shared';
import { api, ApiError, seg } from '../../api/client';
import { aliasKeys } from '../aliases/queries';

export type SearchPage = { messages: MessageSummary[]; next_cursor: string | null; partial: boolean };

/** docs/product.md §7 Search: the account's matching messages (or one alias's), newest first, 50 a page. */
export const searchQuery = (userId: number, q: string, aliasId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['search', userId, q, aliasId],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const params = new URLSearchParams({ q });
      if (aliasId !== null) params.set('alias_id', String(aliasId));
      if (pageParam) params.set('cursor', pageParam);
      const res = await api.get<SearchPage>(`/api/account/${seg(userId)}/search?${params.toString()}`, { signal });
      return { messages: res.messages ?? [], next_cursor: res.next_cursor ?? null, partial: res.partial ?? false };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/**
 * A bulk action on every result of a search (not only the pages loaded); afterwards every cached
 * list, count and search is stale, since the results may span aliases.
 */
export function useSearchBulk(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SearchBulkBody) => {
      const res = await api.post<{ count?: number; more?: boolean }>(`/api/account/${seg(userId)}/search/bulk`, body);
      if (!res.success) throw new ApiError(res.msg ?? 'Request refused', { body: res });
      return { count: res.count ?? 0, more: res.more ?? false };
    },
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['search'] }), qc.invalidateQueries({ queryKey: aliasKeys.all })]);
    },
  });
}
