import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { LoginBody, User } from '@app/shared';
import { api, ApiError } from '../../api/client';
import { PATHS } from '../../routes/paths';
import { returnPath } from '../../routes/guard';
import { authKey } from './queries';

const accountData = (key: readonly unknown[]) => key[0] !== 'init' && key[0] !== 'auth';

/**
 * Sets the session state and drops the cached data of the previous account (only the start-up
 * data stays). Data still observed by a screen on its way out is left to the garbage collector:
 * removing it would make that screen refetch it, and get a 401.
 */
export function resetSession(qc: QueryClient, user: User | null): void {
  qc.setQueryData(authKey, user);
  qc.removeQueries({ predicate: (q) => accountData(q.queryKey) && q.getObserversCount() === 0 });
}

/**
 * docs/product.md §4: success goes to /account/feed, or back to the page that asked for a sign-in (`?next=`); failure clears the session and goes to /login (keeping `next`).
 */
export function useLogin() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<User> => {
      const res = await api.post<{ user?: User }>('/api/login', body);
      if (!res.success || !res.user) throw new ApiError(res.msg ?? 'Login failed', { body: res });
      return res.user;
    },
    onSuccess: async (user) => {
      // Nothing of another account may survive a sign-in.
      qc.removeQueries({ predicate: (q) => accountData(q.queryKey) });
      resetSession(qc, user);
      await navigate(returnPath(new URLSearchParams(search).get('next')) ?? PATHS.accountFeed);
    },
    onError: async () => {
      resetSession(qc, null);
      await navigate(PATHS.login + search, { replace: true });
    },
  });
}

/** docs/product.md §4: logout clears the session and goes to /. The server drops the session either way. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/logout'),
    onSettled: async () => {
      // Leave the signed-in screens first (committed synchronously), then drop their data.
      await navigate(PATHS.home, { flushSync: true });
      resetSession(qc, null);
    },
  });
}
