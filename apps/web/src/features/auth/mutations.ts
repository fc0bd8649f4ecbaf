import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router/data-router';
import type { User } from '@app/shared';
import { api } from '../../api/client';
import { PATHS } from '../../router/paths';
import { authKey } from './queries';

/** The cached data of an account: everything but the start-up data and the session state. */
export const accountData = (key: readonly unknown[]) => key[0] !== 'init' && key[0] !== 'auth';

/**
 * Sets the session state and drops the cached data of the previous account (only the start-up
 * data stays). Data still observed by a screen on its way out is left to the garbage collector:
 * removing it would make that screen refetch it, and get a 401.
 */
export function resetSession(qc: QueryClient, user: User | null): void {
  qc.setQueryData(authKey, user);
  qc.removeQueries({ predicate: (q) => accountData(q.queryKey) && q.getObserversCount() === 0 });
}

/** docs/product.md §4: logout clears the session and goes to /. The server drops the session either way. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('POST /api/logout'),
    onSettled: async () => {
      // Leave the signed-in screens first, then drop their data.
      await navigate(PATHS.home);
      resetSession(qc, null);
    },
  });
}
