// The settings page's mail import, apart from manage-mutations.ts, which the inbox loads first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { aliasKeys } from './queries';

/**
 * POST /api/account/{id}/alias/{aliasId}/import: an .mbox file into the alias (docs/product.md §7
 * "Export and import"); resolves with the counts once the alias views are fresh.
 */
export function useImportMbox(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api('POST /api/account/:id/alias/:aliasId/import', {
        params: { id: userId, aliasId },
        file: { body: file, type: 'application/mbox' },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: aliasKeys.all }),
  });
}
