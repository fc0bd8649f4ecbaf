// The navigation guard of docs/product.md §2: routes needing login fetch the auth state first, then send the
// visitor where they belong. `guardDecision` is pure (unit-tested); `requireUser` is what loaders call.
import type { User } from '@app/shared';
import { redirect } from '../router/data-router';
import { queryClient } from '../api/query-client';
import { authQuery } from '../features/auth/queries';
import { loginReturningTo, PATHS } from '../router/paths';

export type GuardOptions = {
  /** Admin-only route (docs/product.md §6): anyone else goes to /x, the not-found page. */
  admin?: boolean;
  /** The registration page itself: reachable before registering, and only then. */
  allowUnregistered?: boolean;
  /** The pending page itself: reachable before approval, and only then. */
  allowUnapproved?: boolean;
};

/** Where to send the visitor, or null to let the navigation through. */
export function guardDecision(user: User | null, opts: GuardOptions = {}): string | null {
  if (!user) return PATHS.login;
  if (!user.registered && !opts.allowUnregistered) return PATHS.accountRegister;
  if (!user.approved && !opts.allowUnapproved && !opts.allowUnregistered) return PATHS.accountPending;
  if (opts.admin && !user.is_admin) return PATHS.notFoundTarget;
  // A page that no longer applies sends the account on.
  if (opts.allowUnregistered && user.registered) return PATHS.accountFeed;
  if (opts.allowUnapproved && user.approved) return PATHS.accountFeed;
  return null;
}

/**
 * Loader helper: resolves to the signed-in user or throws the guard's redirect. A visitor's
 * sign-in comes back to the page of `request`.
 */
export async function requireUser(opts: GuardOptions = {}, request?: Request): Promise<User> {
  const user = await queryClient.ensureQueryData(authQuery);
  const to = guardDecision(user, opts);
  if (to === PATHS.login && request) {
    const url = new URL(request.url);
    throw redirect(loginReturningTo(url.pathname + url.search));
  }
  if (to) throw redirect(to);
  return user as User;
}
