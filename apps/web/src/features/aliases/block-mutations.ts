import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockRule, CreateBlockBody } from '@app/shared';
import { api } from '../../api/client';
import { blockKeys } from './block-queries';

/** The body that names a rule, to add it or to remove it. */
export const ruleBody = (rule: Pick<BlockRule, 'kind' | 'value' | 'alias_id'>): CreateBlockBody => ({
  [rule.kind]: rule.value,
  ...(rule.alias_id ? { alias_id: rule.alias_id } : {}),
});

/** POST /api/account/{id}/blocks; the Blocked page's list refreshes before it settles. */
export function useCreateBlock(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBlockBody) =>
      (await api('POST /api/account/:id/blocks', { params: { id: userId }, body })).block,
    onSuccess: () => qc.invalidateQueries({ queryKey: blockKeys.all }),
  });
}

/** DELETE /api/account/{id}/blocks, naming the rule as it was added. */
export function useRemoveBlock(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rule: BlockRule) => api('DELETE /api/account/:id/blocks', { params: { id: userId }, body: ruleBody(rule) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: blockKeys.all }),
  });
}
