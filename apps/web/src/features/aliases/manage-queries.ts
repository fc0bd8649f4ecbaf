// Queries of alias management (notes, log, statistics, chat, the trashed aliases) and the handle
// checks of the new-alias form. Keys sit under the alias (CONTRIBUTING.md: hierarchical keys), so
// invalidating ['aliases', id] refreshes them all.
import { queryOptions } from '@tanstack/react-query';
import type { Alias, AliasLogEntry, AliasStatistics, ChatEntry, Note } from '@app/shared';
import { api, seg } from '../../api/client';
import { aliasBase } from './queries';

export const manageKeys = {
  trashed: ['aliases', 'trashed'] as const,
  notes: (aliasId: number) => ['aliases', aliasId, 'notes'] as const,
  logs: (aliasId: number) => ['aliases', aliasId, 'logs'] as const,
  statistics: (aliasId: number) => ['aliases', aliasId, 'statistics'] as const,
  chat: (aliasId: number) => ['aliases', aliasId, 'chat'] as const,
};

const base = (userId: number) => `/api/account/${seg(userId)}`;

export const notesQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.notes(aliasId),
    queryFn: async ({ signal }) => (await api.get<{ note: Note | null }>(`${aliasBase(userId, aliasId)}/notes`, { signal })).note,
    // The editor owns the text once loaded; a background refetch must not overwrite typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const logsQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.logs(aliasId),
    queryFn: async ({ signal }) =>
      (await api.get<{ logs: AliasLogEntry[] }>(`${aliasBase(userId, aliasId)}/logs`, { signal })).logs ?? [],
  });

export const statisticsQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.statistics(aliasId),
    queryFn: async ({ signal }) =>
      (await api.get<{ statistics: AliasStatistics }>(`${aliasBase(userId, aliasId)}/statistics`, { signal })).statistics,
  });

export const chatQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.chat(aliasId),
    queryFn: async ({ signal }) =>
      (await api.get<{ messages: ChatEntry[] }>(`${aliasBase(userId, aliasId)}/chat`, { signal })).messages ?? [],
  });

export const trashedQuery = (userId: number) =>
  queryOptions({
    queryKey: manageKeys.trashed,
    queryFn: async ({ signal }) =>
      (await api.get<{ aliases: Alias[] }>(`${base(userId)}/aliases/trashed`, { signal })).aliases ?? [],
  });

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
