import { queryOptions } from '@tanstack/react-query';
import type { InitResponse } from '@app/shared';
import { api } from '../../api/client';

/** Start-up data (docs/product.md §7): packages, sources, domains, keys. Loaded once. */
export const initQuery = queryOptions({
  queryKey: ['init'] as const,
  queryFn: async ({ signal }): Promise<InitResponse> => {
    const res = await api.get<InitResponse>('/api/init', { signal });
    return {
      packages: res.packages ?? [],
      sources: res.sources ?? [],
      domains: res.domains ?? [],
      keys: res.keys ?? {},
      trash_grace_minutes: res.trash_grace_minutes,
    };
  },
  staleTime: Infinity,
});
