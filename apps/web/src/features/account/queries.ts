import { queryOptions } from '@tanstack/react-query';
import type { Invitation } from '@app/shared';
import { api, seg } from '../../api/client';

export const invitationKeys = {
  all: (userId: number) => ['invitations', userId] as const,
};

/** GET /api/account/{id}/invitations (admin only). */
export const invitationsQuery = (userId: number) =>
  queryOptions({
    queryKey: invitationKeys.all(userId),
    queryFn: async ({ signal }): Promise<Invitation[]> => {
      const res = await api.get<{ invitations?: Invitation[] }>(`/api/account/${seg(userId)}/invitations`, { signal });
      return res.invitations ?? [];
    },
  });
