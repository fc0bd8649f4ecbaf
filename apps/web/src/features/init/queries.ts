import { queryOptions } from '@tanstack/react-query';
import type { InitResponse } from '@app/shared';
import { api } from '../../api/client';

/** Start-up data (docs/product.md §7): packages, sources, domains, keys. Loaded once. */
export const initQuery = queryOptions({
  queryKey: ['init'] as const,
  queryFn: async ({ signal }): Promise<InitResponse> => {
    const { packages, sources, domains, keys, pricing, trash_grace_minutes } = await api('GET /api/init', { signal });
    return { packages, sources, domains, keys, pricing, trash_grace_minutes };
  },
  staleTime: Infinity,
});
