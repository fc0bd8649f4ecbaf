// The sign-in mutations of the sign-in screen (docs/product.md §2, §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useNavigate } from '../../router/data-router';
import type { LoginBody, SecondFactorMethod, User } from '@app/shared';
import { api } from '../../api/client';
import { PATHS, returnPath } from '../../router/paths';
import { accountData, resetSession } from './mutations';
import { dismissFlash, getFlash } from '../../lib/flash-store';

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
      // An earlier attempt's error must not follow the user into the app.
      const stale = getFlash();
      if (stale?.type === 'danger') dismissFlash(stale.id);
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
    const res = await api('POST /api/login', { body });
    // docs/product.md §4: the right password of an account with a second factor opens no session yet.
    return res.success ? { user: res.user } : { methods: res.methods };
  });

/** Sign-in with a passkey alone (docs/product.md §2). */
export const usePasskeyLogin = () =>
  useSignIn(async (): Promise<LoginOutcome> => {
    // The WebAuthn code is loaded when a passkey is used, not with the sign-in screen.
    const { signInWithPasskey } = await import('./passkey-mutations');
    return { user: await signInWithPasskey() };
  });

/** POST /api/reset {email}: mails a reset link; the server answers the same way for any address (docs/architecture.md §4). */
export async function requestPasswordReset(email: string): Promise<void> {
  await api('POST /api/reset', { body: { email } });
}
