import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alias, AliasCreateBody } from '@app/shared';
import { api, ApiError, seg } from '../../api/client';
import { aliasKeys } from './queries';

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
