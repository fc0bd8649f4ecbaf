import { queryOptions } from '@tanstack/react-query';
import type { BlockRule } from '@app/shared';
import { api } from '../../api/client';

export const blockKeys = {
  all: ['blocks'] as const,
};

/** GET /api/account/{id}/blocks: the account's blocked senders with their counts. */
export const blocksQuery = (userId: number) =>
  queryOptions({
    queryKey: blockKeys.all,
    queryFn: async ({ signal }): Promise<BlockRule[]> => {
      const res = await api('GET /api/account/:id/blocks', { params: { id: userId }, signal });
      return res.blocks;
    },
  });
