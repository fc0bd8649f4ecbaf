import { queryOptions } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { api } from '../../api/client';

export const authKey = ['auth'] as const;

/**
 * The signed-in account, or null. Uses the silent endpoint, which answers 200 `{ success: false }`
 * when signed out, so being signed out is not a failed request (no flash). The session itself is
 * an HttpOnly cookie; this is the only place the SPA learns who it is.
 */
export const authQuery = queryOptions({
  queryKey: authKey,
  queryFn: async ({ signal }): Promise<User | null> => {
    const res = await api('GET /api/authentication_silent', { signal });
    return res.success ? res.user : null;
  },
  staleTime: 60_000,
});
