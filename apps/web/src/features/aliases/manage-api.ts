// Queries and mutations of alias management (settings, restrictions, notes, log, statistics,
// chat). Keys sit under the alias (CONTRIBUTING.md: hierarchical keys), so invalidating ['aliases', id]
// refreshes them all.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  FLASH,
  type Alias,
  type AliasLogEntry,
  type AliasStatistics,
  type AliasUpdateBodyInput,
  type ChatEntry,
  type Note,
} from '@app/shared';
import { showFlash } from '../flash/flash-store';
import { api, ApiError, seg, type Envelope } from '../../api/client';
import { messageKeys } from '../messages/keys';
import { aliasKeys } from './queries';

export const manageKeys = {
  trashed: ['aliases', 'trashed'] as const,
  notes: (aliasId: number) => ['aliases', aliasId, 'notes'] as const,
  logs: (aliasId: number) => ['aliases', aliasId, 'logs'] as const,
  statistics: (aliasId: number) => ['aliases', aliasId, 'statistics'] as const,
  chat: (aliasId: number) => ['aliases', aliasId, 'chat'] as const,
};

const base = (userId: number) => `/api/account/${seg(userId)}`;
const aliasUrl = (userId: number, aliasId: number) => `${base(userId)}/alias/${seg(aliasId)}`;

function ok<T extends Envelope>(res: T): T {
  if (!res.success) throw new ApiError(res.msg ?? 'Request refused', { body: res });
  return res;
}

export const notesQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.notes(aliasId),
    queryFn: async ({ signal }) => (await api.get<{ note: Note | null }>(`${aliasUrl(userId, aliasId)}/notes`, { signal })).note,
    // The editor owns the text once loaded; a background refetch must not overwrite typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const logsQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.logs(aliasId),
    queryFn: async ({ signal }) =>
      (await api.get<{ logs: AliasLogEntry[] }>(`${aliasUrl(userId, aliasId)}/logs`, { signal })).logs ?? [],
  });

export const statisticsQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.statistics(aliasId),
    queryFn: async ({ signal }) =>
      (await api.get<{ statistics: AliasStatistics }>(`${aliasUrl(userId, aliasId)}/statistics`, { signal })).statistics,
  });

export const chatQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.chat(aliasId),
    queryFn: async ({ signal }) =>
      (await api.get<{ messages: ChatEntry[] }>(`${aliasUrl(userId, aliasId)}/chat`, { signal })).messages ?? [],
  });

export const trashedQuery = (userId: number) =>
  queryOptions({
    queryKey: manageKeys.trashed,
    queryFn: async ({ signal }) =>
      (await api.get<{ aliases: Alias[] }>(`${base(userId)}/aliases/trashed`, { signal })).aliases ?? [],
  });

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
 * `PUT .../alias/{aliasId}`. Every save says so, which also replaces a stale error flash (issue
 * 18); a message of the server's own is shown instead by the client.
 */
async function putAlias(userId: number, aliasId: number, changes: AliasUpdateBodyInput): Promise<Alias> {
  const res = ok(await api.put<{ alias: Alias }>(aliasUrl(userId, aliasId), changes));
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
      ok(await api.put<{ note: Note }>(`${aliasUrl(userId, aliasId)}/notes`, { value })).note,
    onSuccess: (note) => {
      qc.setQueryData(manageKeys.notes(aliasId), note);
      void qc.invalidateQueries({ queryKey: manageKeys.logs(aliasId), exact: true });
    },
  });
}

export function useSendChat(userId: number, aliasId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      ok(await api.post<{ message: { id: number } }>(`${aliasUrl(userId, aliasId)}/chat`, { text })),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: manageKeys.chat(aliasId), exact: true }),
        qc.invalidateQueries({ queryKey: messageKeys.list(aliasId), exact: true }),
      ]);
    },
  });
}

export async function checkAliasHandle(userId: number, handle: string, domainId: number): Promise<boolean> {
  try {
    const res = await api.put<{ handle: string }>(`${base(userId)}/check/alias`, { handle, domain_id: domainId });
    return res.success;
  } catch {
    return false;
  }
}

export async function generateAliasHandle(userId: number, domainId: number): Promise<string | null> {
  try {
    return (await api.put<{ handle: string }>(`${base(userId)}/generate/alias`, { domain_id: domainId })).handle ?? null;
  } catch {
    return null;
  }
}

/**
 * /alias/{handle}/…: the account's alias with this handle (or handle@domain), trashed ones
 * included, or null. The sidebar list is tried first by the caller; this asks the server.
 */
export async function resolveAliasHandle(userId: number, handle: string): Promise<Alias | null> {
  try {
    return (await api.get<{ alias: Alias }>(`${base(userId)}/aliases/by-handle/${seg(handle)}`)).alias ?? null;
  } catch {
    return null;
  }
}
