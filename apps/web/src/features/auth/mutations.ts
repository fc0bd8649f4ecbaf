import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { LoginBody, SecondFactorMethod, User } from '@app/shared';
import { api, ApiError } from '../../api/client';
import { PATHS } from '../../routes/paths';
import { returnPath } from '../../routes/guard';
import { signInWithPasskey } from './passkey';
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

/** A password sign-in either signs in, or names the second factors still owed (docs/product.md §2). */
export type LoginOutcome = { user: User } | { methods: SecondFactorMethod[] };

/**
 * docs/product.md §4: success goes to /account/feed, or back to the page that asked for a sign-in (`?next=`); failure clears the session and goes to /login (keeping `next`).
 */
function useSignIn<V>(signIn: (v: V) => Promise<LoginOutcome>) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (outcome) => {
      if (!('user' in outcome)) return;
      // Nothing of another account may survive a sign-in.
      qc.removeQueries({ predicate: (q) => accountData(q.queryKey) });
      resetSession(qc, outcome.user);
      await navigate(returnPath(new URLSearchParams(search).get('next')) ?? PATHS.accountFeed);
    },
    onError: async () => {
      resetSession(qc, null);
      await navigate(PATHS.login + search, { replace: true });
    },
  });
}

export const useLogin = () =>
  useSignIn(async (body: LoginBody): Promise<LoginOutcome> => {
    const res = await api.post<{ user?: User; otp_required?: boolean; methods?: SecondFactorMethod[] }>('/api/login', body);
    // docs/product.md §4: the right password of an account with a second factor opens no session yet.
    if (res.otp_required && res.methods) return { methods: res.methods };
    if (!res.success || !res.user) throw new ApiError(res.msg ?? 'Login failed', { body: res });
    return { user: res.user };
  });

/** Sign-in with a passkey alone (docs/product.md §2). */
export const usePasskeyLogin = () => useSignIn(async (): Promise<LoginOutcome> => ({ user: await signInWithPasskey() }));

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
