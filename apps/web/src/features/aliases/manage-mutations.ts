// Mutations of alias management: settings, restore from the trash, notes, chat.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FLASH, REPLY_MESSAGES, type Alias, type AliasUpdateBodyInput, type ChatSent, type Note } from '@app/shared';
import { api, ApiError, ok } from '../../api/client';
import { showFlash } from '../../lib/flash-store';
import { manageKeys } from './manage-queries';
import { aliasBase, aliasKeys, messageKeys } from './queries';
import { askConfirm } from '../../components/confirm-dialog';

/** After an alias changed: the sidebar list, the trash and the alias's own views. */
async function refreshAliases(qc: QueryClient, alias: Alias) {
  qc.setQueryData(aliasKeys.detail(alias.id), alias);
  await Promise.all([
    // 'all': also when no sidebar observes the list, so /alias/{handle}/… resolves a new handle.
    qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true, refetchType: 'all' }),
    qc.invalidateQueries({ queryKey: manageKeys.trashed, exact: true }),
    qc.invalidateQueries({ queryKey: manageKeys.logs(alias.id), exact: true }),
  ]);
}

/**
 * `PUT .../alias/{aliasId}`. Every save says so, which also replaces a stale error flash; a message
 * of the server's own is shown instead by the client.
 */
async function putAlias(userId: number, aliasId: number, changes: AliasUpdateBodyInput): Promise<Alias> {
  const res = ok(await api.put<{ alias: Alias }>(aliasBase(userId, aliasId), changes));
  if (!res.msg) showFlash('success', FLASH.saved);
  return res.alias;
}

/** `PUT .../alias/{aliasId}` with only the changed fields (docs/product.md §5 "Alias update"). */
export function useUpdateAlias(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: AliasUpdateBodyInput) => putAlias(userId, aliasId, changes),
    onSuccess: (alias) => refreshAliases(qc, alias),
  });
}

/** Restore from the trash list (any alias id). */
export function useRestoreAlias(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: number) => putAlias(userId, aliasId, { is_trashed: 0 }),
    onSuccess: (alias) => refreshAliases(qc, alias),
  });
}

export function useSaveNote(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (value: string): Promise<Note> =>
      ok(await api.put<{ note: Note }>(`${aliasBase(userId, aliasId)}/notes`, { value })).note,
    onSuccess: (note) => {
      qc.setQueryData(manageKeys.notes(aliasId), note);
      void qc.invalidateQueries({ queryKey: manageKeys.logs(aliasId), exact: true });
    },
  });
}

/**
 * Sends, and when the server asks for confirmation (an unverified sender, docs/security.md W21)
 * shows its question and sends again with `confirm` only if the owner agrees.
 */
export async function sendConfirming<T>(send: (confirm?: true) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (
      err instanceof ApiError &&
      err.code === 'CONFIRM_REQUIRED' &&
      (await askConfirm({ title: 'Send anyway?', body: err.message, action: 'Send anyway' }))
    )
      return send(true);
    throw err;
  }
}

export function useSendChat(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      sendConfirming(async (confirm) =>
        ok(await api.post<Omit<ChatSent, 'success'>>(`${aliasBase(userId, aliasId)}/chat`, { text, confirm })),
      ),
    onSuccess: async (sent) => {
      // A chat shows its own bubble; only a reply that cannot leave this server is worth a word.
      if (sent.delivery === 'held') showFlash('danger', REPLY_MESSAGES.held);
      await Promise.all([
        qc.invalidateQueries({ queryKey: manageKeys.chat(aliasId), exact: true }),
        qc.invalidateQueries({ queryKey: messageKeys.list(aliasId), exact: true }),
      ]);
    },
  });
}
