// Queries of alias management (notes, log, statistics, chat, the trashed aliases) and the handle
// checks of the new-alias form. Keys sit under the alias (CONTRIBUTING.md: hierarchical keys), so
// invalidating ['aliases', id] refreshes them all.
import { queryOptions } from '@tanstack/react-query';
import type { Alias } from '@app/shared';
import { api } from '../../api/client';

export const manageKeys = {
  trashed: ['aliases', 'trashed'] as const,
  notes: (aliasId: number) => ['aliases', aliasId, 'notes'] as const,
  logs: (aliasId: number) => ['aliases', aliasId, 'logs'] as const,
  statistics: (aliasId: number) => ['aliases', aliasId, 'statistics'] as const,
  chat: (aliasId: number) => ['aliases', aliasId, 'chat'] as const,
};

export const notesQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.notes(aliasId),
    queryFn: async ({ signal }) =>
      (await api('GET /api/account/:id/alias/:aliasId/notes', { params: { id: userId, aliasId }, signal })).note,
    // The editor owns the text once loaded; a background refetch must not overwrite typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const logsQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.logs(aliasId),
    queryFn: async ({ signal }) =>
      (await api('GET /api/account/:id/alias/:aliasId/logs', { params: { id: userId, aliasId }, signal })).logs,
  });

export const statisticsQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.statistics(aliasId),
    queryFn: async ({ signal }) =>
      (await api('GET /api/account/:id/alias/:aliasId/statistics', { params: { id: userId, aliasId }, signal })).statistics,
  });

export const chatQuery = (userId: number, aliasId: number) =>
  queryOptions({
    queryKey: manageKeys.chat(aliasId),
    queryFn: async ({ signal }) =>
      (await api('GET /api/account/:id/alias/:aliasId/chat', { params: { id: userId, aliasId }, signal })).messages,
  });

export const trashedQuery = (userId: number) =>
  queryOptions({
    queryKey: manageKeys.trashed,
    queryFn: async ({ signal }) =>
      (await api('GET /api/account/:id/aliases/trashed', { params: { id: userId }, signal })).aliases,
  });

export async function checkAliasHandle(userId: number, handle: string, domainId: number): Promise<boolean> {
  try {
    const res = await api('PUT /api/account/:id/check/alias', { params: { id: userId }, body: { handle, domain_id: domainId } });
    return res.success;
  } catch {
    return false;
  }
}

export async function generateAliasHandle(userId: number, domainId: number): Promise<string | null> {
  try {
    return (await api('PUT /api/account/:id/generate/alias', { params: { id: userId }, body: { domain_id: domainId } })).handle;
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
    return (await api('GET /api/account/:id/aliases/by-handle/:handle', { params: { id: userId, handle } })).alias;
  } catch {
    return null;
  }
}
