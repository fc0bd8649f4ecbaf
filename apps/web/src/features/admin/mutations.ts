import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Source, SourceBodyInput, TestEmailResult } from '@app/shared';
import { api, ApiError } from '../../api/client';
import { initQuery } from '../init/queries';
import { adminKeys } from './queries';

/** Create (no id) or update a source; the admin list and the start-up sources are refreshed. */
export function useSaveSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: SourceBodyInput }): Promise<Source> => {
      const res = id
        ? await api('PUT /api/admin/sources/:sourceId', { params: { sourceId: id }, body })
        : await api('POST /api/admin/sources', { body });
      return res.source;
    },
    onSuccess: async (source) => {
      qc.setQueryData(adminKeys.source(source.id), source);
      await Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.sources, exact: true }),
        qc.invalidateQueries({ queryKey: initQuery.queryKey }),
      ]);
    },
  });
}

export function useDeleteSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/admin/sources/:sourceId', { params: { sourceId: id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: adminKeys.source(id) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.sources, exact: true }),
        qc.invalidateQueries({ queryKey: initQuery.queryKey }),
      ]);
    },
  });
}

export type UserAction = 'approve' | 'suspend' | 'unsuspend';

/** POST /api/admin/users/{id}/{approve|suspend|unsuspend}. */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: UserAction }): Promise<AdminUser> => {
      const res = await api(`POST /api/admin/users/:userId/${action}`, { params: { userId: id } });
      if (!res.user) throw new ApiError(res.msg ?? 'Not changed', { body: res });
      return res.user;
    },
    onSuccess: (user) => {
      qc.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.map((u) => (u.id === user.id ? user : u)));
    },
  });
}

/** POST /api/test: the result is the answer, success or not (docs/product.md §4 "Test e-mail"). */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: async (): Promise<{ success: boolean; email: TestEmailResult | null }> => {
      const res = await api('POST /api/test', { body: { email: 1 } });
      return { success: res.success, email: res.email };
    },
  });
}

/** Puts the first-run checklist away for good. */
export function useDismissFirstRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/admin/first-run/dismiss'),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.firstRun }),
  });
}
