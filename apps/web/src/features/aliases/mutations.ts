import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alias, AliasCreateBody } from '@app/shared';
import { api } from '../../api/client';
import { aliasKeys } from './queries';

/** POST /api/account/{id}/alias; resolves after the alias list is fresh again. */
export function useCreateAlias(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AliasCreateBody | undefined): Promise<Alias> => {
      const res = await api('POST /api/account/:id/alias', { params: { id: userId }, body });
      return res.alias;
    },
    onSuccess: async (alias) => {
      qc.setQueryData(aliasKeys.detail(alias.id), alias);
      await qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true });
    },
  });
}

/** Pins or unpins an alias in the sidebar (PUT …/alias/{aliasId} `{pinned}`); resolves once the list is fresh. */
export function usePinAlias(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ aliasId, pinned }: { aliasId: number; pinned: boolean }): Promise<Alias> =>
      (await api('PUT /api/account/:id/alias/:aliasId', { params: { id: userId, aliasId }, body: { pinned } })).alias,
    onSuccess: async (alias) => {
      qc.setQueryData(aliasKeys.detail(alias.id), alias);
      await qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true });
    },
  });
}
