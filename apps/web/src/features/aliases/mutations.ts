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
