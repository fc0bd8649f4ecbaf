// The navigation guard of SPEC §2: routes needing login fetch the auth state first, then send the
// visitor where they belong. `guardDecision` is pure (unit-tested); `requireUser` is what loaders call.
import type { User } from '@app/shared';
import { redirect } from 'react-router';
import { queryClient } from '../lib/query-client';
import { authQuery } from '../features/auth/queries';
import { PATHS } from './paths';

export type GuardOptions = {
  /** Admin-only route (SPEC §6): anyone else goes to /x, the not-found page. */
  admin?: boolean;
  /** The registration page itself, reachable before registering. */
  allowUnregistered?: boolean;
  /** The pending page itself, reachable before approval. */
  allowUnapproved?: boolean;
};

/** Where to send the visitor, or null to let the navigation through. */
export function guardDecision(user: User | null, opts: GuardOptions = {}): string | null {
  if (!user) return PATHS.login;
  if (!user.registered && !opts.allowUnregistered) return PATHS.accountRegister;
  if (!user.approved && !opts.allowUnapproved && !opts.allowUnregistered) return PATHS.accountPending;
  if (opts.admin && !user.is_admin) return PATHS.notFoundTarget;
  return null;
}

/** Loader helper: resolves to the signed-in user or throws the guard's redirect. */
export async function requireUser(opts: GuardOptions = {}): Promise<User> {
  const user = await queryClient.ensureQueryData(authQuery);
  const to = guardDecision(user, opts);
  if (to) throw redirect(to);
  return user as User;
}
