import { queryOptions } from '@tanstack/react-query';
import type { Alias } from '@app/shared';
import { api } from '../../api/client';

// Hierarchical keys (CONTRIBUTING.md): invalidating ['aliases'] refreshes the sidebar, every alias and every
// message list under it; ['aliases', id] one alias and its messages.
export const aliasKeys = {
  all: ['aliases'] as const,
  detail: (aliasId: number) => ['aliases', aliasId] as const,
};

/** Query keys of messages, under their alias. */
export const messageKeys = {
  list: (aliasId: number) => ['aliases', aliasId, 'messages'] as const,
  /** The alias's message trash. */
  trash: (aliasId: number) => ['aliases', aliasId, 'trash'] as const,
  /** The alias's Spam folder (docs/spam.md). */
  spam: (aliasId: number) => ['aliases', aliasId, 'spam'] as const,
  detail: (aliasId: number, messageId: number) => ['aliases', aliasId, 'messages', messageId] as const,
  /** All mail: every active alias's inbox (docs/product.md §3 "All mail"). */
  allMail: ['mail'] as const,
  /** Every conversation read, refreshed with the lists after a change. */
  threads: ['mail', 'thread'] as const,
  thread: (key: string) => ['mail', 'thread', key] as const,
};

/** The sidebar list (not trashed). The key stays ['aliases']: the cache is cleared at sign-out. */
export const aliasesQuery = (userId: number) =>
  queryOptions({
    queryKey: aliasKeys.all,
    queryFn: async ({ signal }): Promise<Alias[]> => {
      const res = await api('GET /api/account/:id/aliases', { params: { id: userId }, signal });
      return res.aliases;
    },
  });

export const aliasQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: aliasKeys.detail(aliasId),
    queryFn: async ({ signal }): Promise<Alias> => {
      const res = await api('GET /api/account/:id/alias/:aliasId', { params: { id: userId, aliasId }, signal });
      return res.alias;
    },
  });
