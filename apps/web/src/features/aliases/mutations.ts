import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alias, AliasCreateBody } from '@app/shared';
import { api, ApiError, ok, seg } from '../../api/client';
import { aliasBase, aliasKeys } from './queries';

/** POST /api/account/{id}/alias; resolves after the alias list is fresh again. */
export function useCreateAlias(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AliasCreateBody | undefined): Promise<Alias> => {
      const res = await api.post<{ alias?: Alias; handle?: string }>(`/api/account/${seg(userId)}/alias`, body);
      if (!res.success || !res.alias) throw new ApiError(res.msg ?? 'Alias not created', { body: res });
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
      ok(await api.put<{ alias: Alias }>(aliasBase(userId, aliasId), { pinned })).alias,
    onSuccess: async (alias) => {
      qc.setQueryData(aliasKeys.detail(alias.id), alias);
      await qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true });
    },
  });
}
