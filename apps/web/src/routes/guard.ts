// The navigation guard of docs/product.md §2: routes needing login fetch the auth state first, then send the
// visitor where they belong. `guardDecision` is pure (unit-tested); `requireUser` is what loaders call.
import type { User } from '@app/shared';
import { redirect } from './router';
import { queryClient } from '../lib/query-client';
import { authQuery } from '../features/auth/queries';
import { PATHS } from './paths';

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
 * The path a visitor asked for, to return to after signing in: only a path of this app (never
 * `//host` or `/\host`, which a browser reads as another site), and never the sign-in itself.
 */
export function returnPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/^\/(auth\/)?login\b/.test(next)) return null;
  return next;
}

/** The sign-in path that comes back to `path` (path + search of the page asked for). */
export function loginReturningTo(path: string): string {
  // The feed is where a sign-in goes anyway.
  return returnPath(path) && path !== PATHS.accountFeed ? `${PATHS.login}?next=${encodeURIComponent(path)}` : PATHS.login;
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
