import { queryOptions } from '@tanstack/react-query';
import type { BlockRule } from '@app/shared';
import { api, seg } from '../../api/client';

export const blockKeys = {
  all: ['blocks'] as const,
};

export const blocksBase = (userId: number) => `/api/account/${seg(userId)}/blocks`;

/** GET /api/account/{id}/blocks: the account's blocked senders with their counts. */
export const blocksQuery = (userId: number) =>
  queryOptions({
    queryKey: blockKeys.all,
    queryFn: async ({ signal }): Promise<BlockRule[]> => {
      const res = await api.get<{ blocks?: BlockRule[] }>(blocksBase(userId), { signal });
      return res.blocks ?? [];
    },
  });
