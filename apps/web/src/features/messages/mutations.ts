import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Message } from '@app/shared';
import { api, ApiError, seg, type Envelope } from '../../api/client';
import { aliasKeys } from '../aliases/queries';
import { aliasBase, messageKeys, type MessagePage } from './queries';

function ok(res: Envelope): Envelope {
  if (!res.success) throw new ApiError(res.msg ?? 'Request refused', { body: res });
  return res;
}

/** After a change to messages: the sidebar counts, the alias and its list, awaited (STYLE). */
async function refreshAlias(qc: QueryClient, aliasId: number) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true }),
    qc.invalidateQueries({ queryKey: aliasKeys.detail(aliasId), exact: true }),
    qc.invalidateQueries({ queryKey: messageKeys.list(aliasId), exact: true }),
  ]);
}

/**
 * Opening a message marks it read on the server: show it read in the cached inbox at once (no NEW
 * badge flashing back on the way out) and refresh the counters.
 */
export function noteMessageOpened(qc: QueryClient, aliasId: number, message: Message): void {
  qc.setQueryData<InfiniteData<MessagePage>>(messageKeys.list(aliasId), (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) => (m.id === message.id && !m.opened ? { ...m, opened: message.opened, opened_unix: message.opened_unix } : m)),
      })),
    },
  );
  void qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true });
  void qc.invalidateQueries({ queryKey: aliasKeys.detail(aliasId), exact: true });
}

export function useMarkMessages(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, type }: { ids: number[]; type: 'read' | 'unread' }) =>
      ok(await api.put(`${aliasBase(userId, aliasId)}/mark_messages`, { message_ids: ids, type })),
    onSuccess: async (_res, { ids }) => {
      // A cached message marked unread must be refetched when opened again (that read marks it read).
      for (const id of ids) qc.removeQueries({ queryKey: messageKeys.detail(aliasId, id), exact: true });
      await refreshAlias(qc, aliasId);
    },
  });
}

export function useTrashMessages(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      ok(await api.put(`${aliasBase(userId, aliasId)}/trash_messages`, { message_ids: ids })),
    onSuccess: async (_res, ids) => {
      for (const id of ids) qc.removeQueries({ queryKey: messageKeys.detail(aliasId, id), exact: true });
      await refreshAlias(qc, aliasId);
    },
  });
}

export function useTrashMessage(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: number) =>
      ok(await api.del(`${aliasBase(userId, aliasId)}/message/${seg(messageId)}`)),
    // The message's own cache entry stays until garbage-collected: removing it while its screen is
    // still mounted would refetch a trashed message (a 404 and a needless flash).
    onSuccess: () => refreshAlias(qc, aliasId),
  });
}

/** Opening a message marks it read on the server: refresh the counts without refetching the message. */
export function afterMessageOpened(qc: QueryClient, aliasId: number): Promise<void> {
  return refreshAlias(qc, aliasId);
}
