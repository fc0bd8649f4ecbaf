import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageSummary, SearchBulkBody } from '@app/shared';
import { api } from '../../api/client';
import { aliasKeys } from '../aliases/queries';

export type SearchPage = { messages: MessageSummary[]; next_cursor: string | null; partial: boolean };

/** docs/product.md §7 Search: the account's matching messages (or one alias's), newest first, 50 a page. */
export const searchQuery = (userId: number, q: string, aliasId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['search', userId, q, aliasId],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const { messages, next_cursor, partial } = await api('GET /api/account/:id/search', {
        params: { id: userId },
        query: { q, alias_id: aliasId ?? undefined, cursor: pageParam ?? undefined },
        signal,
      });
      return { messages, next_cursor, partial };
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
      const { count, more } = await api('POST /api/account/:id/search/bulk', { params: { id: userId }, body });
      return { count, more };
    },
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['search'] }), qc.invalidateQueries({ queryKey: aliasKeys.all })]);
    },
  });
}
