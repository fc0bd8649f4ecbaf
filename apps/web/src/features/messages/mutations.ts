import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { REPLY_MESSAGES, type ConversationSummary, type Message, type MessageSummary, type UnsubscribeMethod } from '@app/shared';
import { api } from '../../api/client';
import { sendConfirming } from '../aliases/manage-mutations';
import { aliasKeys, messageKeys } from '../aliases/queries';
import { showFlash } from '../../lib/flash-store';
import { askConfirm } from '../../components/confirm-dialog';
import type { MessagePage } from './queries';

/** After a change to messages: the sidebar counts, the alias, its lists, All mail and conversations, awaited (CONTRIBUTING.md). */
async function refreshAlias(qc: QueryClient, aliasId: number) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: messageKeys.allMail, exact: true }),
    qc.invalidateQueries({ queryKey: messageKeys.threads }),
    qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true }),
    qc.invalidateQueries({ queryKey: aliasKeys.detail(aliasId), exact: true }),
    qc.invalidateQueries({ queryKey: messageKeys.list(aliasId), exact: true }),
    qc.invalidateQueries({ queryKey: messageKeys.trash(aliasId), exact: true }),
    qc.invalidateQueries({ queryKey: messageKeys.spam(aliasId), exact: true }),
  ]);
}

/**
 * "Spam" / "Not spam" on one message (docs/spam.md): moves it to the Spam folder or back to the
 * inbox, and trains the account's spam filter when the installation scores mail.
 */
export function useSpamVerdict(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, verdict }: { messageId: number; verdict: 'spam' | 'ham' }) =>
      api('POST /api/account/:id/alias/:aliasId/message/:messageId/spam', {
        params: { id: userId, aliasId, messageId },
        body: { verdict },
      }),
    onSuccess: async (_res, { messageId }) => {
      qc.removeQueries({ queryKey: messageKeys.detail(aliasId, messageId), exact: true });
      await refreshAlias(qc, aliasId);
    },
  });
}

/** The messages a bulk action covers: these ids, or every message of the alias. */
export type Selection = number[] | 'all';
const selectionBody = (ids: Selection) => (ids === 'all' ? { all: true as const } : { message_ids: ids });

/** Where the messages of a bulk action are: one alias, or each message's alias by id (All mail). */
export type AliasScope = number | ReadonlyMap<number, number>;

/** The selection split by alias, one call each; 'all' names one alias's messages only. */
function byAlias(scope: AliasScope, ids: Selection): Array<[number, Selection]> {
  if (typeof scope === 'number') return [[scope, ids]];
  const groups = new Map<number, number[]>();
  for (const id of ids === 'all' ? [] : ids) {
    const aliasId = scope.get(id);
    if (aliasId !== undefined) groups.set(aliasId, [...(groups.get(aliasId) ?? []), id]);
  }
  return [...groups];
}

/** Runs a per-alias call for each alias of the selection; the counts of the answers add up. */
async function eachAlias(
  scope: AliasScope,
  ids: Selection,
  call: (aliasId: number, ids: Selection) => Promise<{ count: number }>,
) {
  let count = 0;
  for (const [aliasId, part] of byAlias(scope, ids)) count += (await call(aliasId, part)).count;
  return { count };
}

/** Drops cached messages that changed, so opening one again fetches it afresh. */
function forget(qc: QueryClient, aliasId: number, ids: Selection) {
  if (ids === 'all')
    qc.removeQueries({
      predicate: (q) =>
        q.queryKey.length === 4 && q.queryKey[0] === 'aliases' && q.queryKey[1] === aliasId && q.queryKey[2] === 'messages',
    });
  else for (const id of ids) qc.removeQueries({ queryKey: messageKeys.detail(aliasId, id), exact: true });
}

const trashedText = (n: number) => (n === 1 ? 'Message moved to the trash.' : `${n} messages moved to the trash.`);

/**
 * Opening a message marks it read on the server: show it read in the cached inbox at once (no NEW
 * badge flashing back on the way out) and refresh the counters.
 */
export function noteMessageOpened(qc: QueryClient, aliasId: number, message: Message): void {
  qc.setQueryData<InfiniteData<MessagePage>>(
    messageKeys.list(aliasId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          messages: page.messages.map((m) =>
            m.id === message.id && !m.opened ? { ...m, opened: message.opened, opened_unix: message.opened_unix } : m,
          ),
        })),
      },
  );
  void qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true });
  void qc.invalidateQueries({ queryKey: aliasKeys.detail(aliasId), exact: true });
}

export function useMarkMessages(userId: number, scope: AliasScope) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, type }: { ids: Selection; type: 'read' | 'unread' }) =>
      eachAlias(scope, ids, (aliasId, part) =>
        api('PUT /api/account/:id/alias/:aliasId/mark_messages', {
          params: { id: userId, aliasId },
          body: { ...selectionBody(part), type },
        }),
      ),
    onSuccess: async (_res, { ids }) => {
      for (const [aliasId, part] of byAlias(scope, ids)) {
        // A cached message marked unread must be refetched when opened again (that read marks it read).
        forget(qc, aliasId, part);
        await refreshAlias(qc, aliasId);
      }
    },
  });
}

/** Trashed messages back to the inbox. A plain function: Undo may run after its screen has gone. */
async function restoreMessages(qc: QueryClient, userId: number, aliasId: number, ids: number[]) {
  await api('PUT /api/account/:id/alias/:aliasId/restore_messages', {
    params: { id: userId, aliasId },
    body: { message_ids: ids },
  });
  await refreshAlias(qc, aliasId);
}

export function useRestoreMessages(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (ids: number[]) => restoreMessages(qc, userId, aliasId, ids) });
}

/** What happens to trashed mail: shredded after the grace with data shredding (`shredAfter` minutes), else kept a while. */
const trashedNote = (shredAfter: number | null) =>
  shredAfter === null ? '' : ` It is shredded in ${shredAfter} minute${shredAfter === 1 ? '' : 's'}.`;

/** The flash after trashing, with Undo (data shredding waits its grace first, docs/architecture.md §4). */
function trashedFlash(qc: QueryClient, userId: number, parts: Array<[number, number[]]>, shredAfter: number | null) {
  const n = parts.reduce((sum, [, ids]) => sum + ids.length, 0);
  showFlash('success', trashedText(n) + trashedNote(shredAfter), {
    label: 'Undo',
    run: () => void Promise.all(parts.map(([aliasId, ids]) => restoreMessages(qc, userId, aliasId, ids))),
  });
}

/**
 * Trashing, then a flash with Undo. `widen` names more messages to trash with the selected ones,
 * each with its alias (All mail: the rest of each selected conversation).
 */
function useTrash(
  userId: number,
  scope: AliasScope,
  request: (aliasId: number, ids: Selection) => Promise<{ count: number }>,
  shredAfter: number | null,
  widen?: (ids: number[]) => Promise<ReadonlyMap<number, number>>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: Selection) => {
      const wide = widen && ids !== 'all' ? await widen(ids) : null;
      const parts = wide ? byAlias(wide, [...wide.keys()]) : byAlias(scope, ids);
      let count = 0;
      for (const [aliasId, part] of parts) count += (await request(aliasId, part)).count;
      return { count, parts };
    },
    onSuccess: async ({ count, parts }, ids) => {
      for (const [aliasId, part] of parts) {
        forget(qc, aliasId, part);
        await refreshAlias(qc, aliasId);
      }
      // "All" was confirmed first and names no ids to restore.
      if (ids === 'all') showFlash('success', trashedText(count) + trashedNote(shredAfter));
      else trashedFlash(qc, userId, parts as Array<[number, number[]]>, shredAfter);
    },
  });
}

/**
 * All mail's rows are conversations: trashing one trashes all its messages, sent replies included,
 * in whichever alias each is (GET …/thread/{key}); the result maps each message to its alias.
 */
export async function wholeConversations(
  userId: number,
  rows: ReadonlyArray<MessageSummary | ConversationSummary>,
): Promise<Map<number, number>> {
  const scope = new Map(rows.map((r) => [r.id, r.alias_id]));
  for (const r of rows) {
    if (!('thread_key' in r) || r.thread_key === null || r.thread_count < 2) continue;
    const { messages } = await api('GET /api/account/:id/thread/:key', { params: { id: userId, key: r.thread_key } });
    for (const m of messages) scope.set(m.id, m.alias_id);
  }
  return scope;
}

/** Asks first only for a whole alias, whose flash has no Undo (it names no messages); the rest can be undone. */
export async function confirmTrash(what: Selection, shredAfter: number | null): Promise<boolean> {
  if (what !== 'all') return true;
  return askConfirm({
    title: 'Trash every message of this alias?',
    body:
      'Every message, not only the ones shown, moves to the trash.' +
      (shredAfter === null
        ? ' You can restore them from the Trash tab.'
        : ` You can restore them from the Trash tab for ${shredAfter} minutes; then they are shredded for good.`),
    action: 'Move all to trash',
    danger: true,
  });
}

export function useTrashMessages(
  userId: number,
  scope: AliasScope,
  shredAfter: number | null,
  widen?: (ids: number[]) => Promise<ReadonlyMap<number, number>>,
) {
  return useTrash(
    userId,
    scope,
    (aliasId, ids) =>
      api('PUT /api/account/:id/alias/:aliasId/trash_messages', { params: { id: userId, aliasId }, body: selectionBody(ids) }),
    shredAfter,
    widen,
  );
}

/**
 * Trashes the message on display. Its own cache entry stays until garbage-collected: removing it
 * while its screen is still mounted would refetch a trashed message (a 404 and a needless flash).
 */
export function useTrashMessage(userId: number, aliasId: number, shredAfter: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      api('DELETE /api/account/:id/alias/:aliasId/message/:messageId', { params: { id: userId, aliasId, messageId } }),
    onSuccess: async (_res, messageId) => {
      await refreshAlias(qc, aliasId);
      trashedFlash(qc, userId, [[aliasId, [messageId]]], shredAfter);
    },
  });
}

/** Empties the alias's trash: deleted for good (the screen confirms first). */
export function useEmptyTrash(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/account/:id/alias/:aliasId/trash', { params: { id: userId, aliasId } }),
    onSuccess: () => refreshAlias(qc, aliasId),
  });
}

/** Opening a message marks it read on the server: refresh the counts without refetching the message. */
export function afterMessageOpened(qc: QueryClient, aliasId: number): Promise<void> {
  return refreshAlias(qc, aliasId);
}

/** Replies to a received message from the alias (docs/product.md §3 "Reply"); the sent copy joins the list. */
export function useReplyToMessage(userId: number, aliasId: number, messageId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      sendConfirming((confirm) =>
        api('POST /api/account/:id/alias/:aliasId/message/:messageId/reply', {
          params: { id: userId, aliasId, messageId },
          body: { text, confirm },
        }),
      ),
    onSuccess: async (sent) => {
      await refreshAlias(qc, aliasId);
      showFlash(sent.delivery === 'held' ? 'danger' : 'success', REPLY_MESSAGES[sent.delivery === 'held' ? 'held' : 'sent']);
    },
  });
}

/**
 * POST …/message/{messageId}/unsubscribe. `confirm` repeats it for a sender that was not verified
 * once the owner agreed (the answer was CONFIRM_REQUIRED).
 */
export function useUnsubscribe(userId: number, aliasId: number) {
  return useMutation({
    mutationFn: ({ messageId, method, confirm }: { messageId: number; method?: UnsubscribeMethod; confirm?: boolean }) =>
      api('POST /api/account/:id/alias/:aliasId/message/:messageId/unsubscribe', {
        params: { id: userId, aliasId, messageId },
        body: { ...(method ? { method } : {}), ...(confirm ? { confirm } : {}) },
      }),
  });
}
