import { queryOptions } from '@tanstack/react-query';
import type { AdminLogs, AdminUser, FirstRun, Source } from '@app/shared';
import { api } from '../../api/client';

export const adminKeys = {
  all: ['admin'] as const,
  sources: ['admin', 'sources'] as const,
  source: (id: number) => ['admin', 'sources', id] as const,
  users: ['admin', 'users'] as const,
  logs: ['admin', 'logs'] as const,
  firstRun: ['admin', 'first-run'] as const,
};

export const adminSourcesQuery = queryOptions({
  queryKey: adminKeys.sources,
  queryFn: async ({ signal }): Promise<Source[]> => (await api('GET /api/admin/sources', { signal })).sources,
});

export const adminSourceQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.source(id),
    queryFn: async ({ signal }): Promise<Source | null> =>
      (await api('GET /api/admin/sources/:sourceId', { params: { sourceId: id }, signal })).source,
  });

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: async ({ signal }): Promise<AdminUser[]> => (await api('GET /api/admin/users', { signal })).users,
});

export const adminLogsQuery = queryOptions({
  queryKey: adminKeys.logs,
  queryFn: async ({ signal }): Promise<AdminLogs> => {
    const { inbound, outbound, outbound_counts, relay, refused } = await api('GET /api/admin/logs', { signal });
    return { inbound, outbound, outbound_counts, relay, refused };
  },
});

/** Read afresh on every visit: its steps tick from what the admin did elsewhere (docs/product.md §4 "First run"). */
export const adminFirstRunQuery = queryOptions({
  queryKey: adminKeys.firstRun,
  staleTime: 0,
  queryFn: async ({ signal }): Promise<FirstRun> => (await api('GET /api/admin/first-run', { signal })).first_run,
});
