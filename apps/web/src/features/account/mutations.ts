import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteBody, ProfileWire, User } from '@app/shared';
import { api, ApiError, seg } from '../../api/client';
import { authKey } from '../auth/queries';
import { invitationKeys } from './queries';

/** POST /api/account/{id} with the changed fields; the signed-in user is refreshed from the answer. */
export function useProfileUpdate(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileWire): Promise<User> => {
      const res = await api.post<{ user?: User }>(`/api/account/${seg(userId)}`, body);
      if (!res.success || !res.user) throw new ApiError(res.msg ?? 'Not saved', { body: res });
      return res.user;
    },
    onSuccess: (user) => {
      qc.setQueryData(authKey, user);
    },
  });
}

export type GenerateWhat = 'handle' | 'password' | 'name';

/** GET /api/account/{id}/generate/{what}: a suggestion for a profile field. */
export async function generateValue(userId: number, what: GenerateWhat): Promise<string> {
  const res = await api.get<Partial<Record<GenerateWhat, string>>>(`/api/account/${seg(userId)}/generate/${what}`);
  return res[what] ?? '';
}

/** What an invitation write answers: the fresh list, and the link when no relay can mail it. */
export type InvitationWriteResult = { invitations: Invitation[]; link: string | null };
type InvitationAnswer = { invitations?: Invitation[]; link?: string };

function useInvitationWrite<V>(userId: number, call: (v: V) => Promise<InvitationAnswer & { success: boolean }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: V): Promise<InvitationWriteResult> => {
      const res = await call(v);
      if (!res.success || !res.invitations) throw new ApiError('Invitation not saved', {});
      return { invitations: res.invitations, link: typeof res.link === 'string' ? res.link : null };
    },
    onSuccess: ({ invitations }) => {
      qc.setQueryData(invitationKeys.all(userId), invitations);
    },
  });
}

/** PUT /api/account/{id}/invite {name, email, message}. */
export const useSendInvitation = (userId: number) =>
  useInvitationWrite(userId, (body: InviteBody) => api.put<InvitationAnswer>(`/api/account/${seg(userId)}/invite`, body));

/** PUT /api/account/{id}/invite/{invitation}: a new code, the old link stops working. */
export const useResendInvitation = (userId: number) =>
  useInvitationWrite(userId, (id: number) => api.put<InvitationAnswer>(`/api/account/${seg(userId)}/invite/${seg(id)}`));

/** DELETE /api/account/{id}/invite/{invitation}. */
export const useClearInvitation = (userId: number) =>
  useInvitationWrite(userId, (id: number) => api.del<InvitationAnswer>(`/api/account/${seg(userId)}/invite/${seg(id)}`));
