import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiToken } from '@app/shared';
import { api, ApiError, seg } from '../../api/client';

export const apiTokenKeys = {
  all: (userId: number) => ['api-tokens', userId] as const,
};

/** GET /api/account/{id}/tokens: the account's personal API tokens, never their secrets. */
export const apiTokensQuery = (userId: number) =>
  queryOptions({
    queryKey: apiTokenKeys.all(userId),
    queryFn: async ({ signal }): Promise<ApiToken[]> => {
      const res = await api.get<{ tokens?: ApiToken[] }>(`/api/account/${seg(userId)}/tokens`, { signal });
      return res.tokens ?? [];
    },
  });

/** POST /api/account/{id}/tokens: answers the secret, this once. */
export function useCreateApiToken(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiToken): Promise<string> => {
      const res = await api.post<{ token?: string }>(`/api/account/${seg(userId)}/tokens`, body);
      if (!res.success || !res.token) throw new ApiError('Token not created', { body: res });
      return res.token;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.all(userId) }),
  });
}

/** DELETE /api/account/{id}/tokens/{tokenId}: the token stops working at once. */
export function useRevokeApiToken(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: number): Promise<ApiToken[]> => {
      const res = await api.del<{ tokens?: ApiToken[] }>(`/api/account/${seg(userId)}/tokens/${seg(tokenId)}`);
      if (!res.success || !res.tokens) throw new ApiError('Token not revoked', { body: res });
      return res.tokens;
    },
    onSuccess: (tokens) => qc.setQueryData(apiTokenKeys.all(userId), tokens),
  });
}
