// Every path of docs/product.md §2 in one table, keyed by route name, so links are built from names
// (`to(...)`) rather than typed by hand.
import { generatePath } from 'react-router';

export const ROUTE_PATHS = {
  websiteHome: '/',
  websiteAbout: '/about',
  websitePricing: '/pricing',
  authLogin: '/auth/login',
  authRegister: '/auth/register',
  authRegisterClosed: '/auth/register/closed',
  authRegisterThanks: '/auth/register/thanks',
  authRedeem: '/auth/redeem/:encodedInvitation',
  authReset: '/auth/reset/:encodedRequest',
  authPending: '/auth/pending',
  account: '/account',
  accountFeed: '/account/feed',
  accountProfile: '/account/profile',
  accountRegister: '/account/register',
  accountPending: '/account/pending',
  accountSubscription: '/account/subscription',
  accountSubscriptionCancel: '/account/subscription/cancel',
  accountSubscriptionSuccess: '/account/subscription/success',
  accountInvitations: '/account/invitations',
  /** Personal domains (docs/architecture.md §4; not a docs/product.md §2 path). */
  accountDomains: '/account/domains',
  /** Blocked senders (docs/product.md §3 "Blocked senders"). */
  accountBlocked: '/account/blocked',
  admin: '/admin',
  adminLogs: '/admin/logs',
  adminSources: '/admin/sources',
  adminSourceNew: '/admin/sources/new',
  adminSourceEdit: '/admin/sources/:sourceId',
  adminTests: '/admin/tests',
  adminUsers: '/admin/users',
  adminDns: '/admin/dns',
  aliasNew: '/alias/new',
  /** Trashed aliases, to restore (docs/product.md §2). */
  aliasesTrash: '/aliases/trash',
  alias: '/alias/:aliasId',
  aliasInbox: '/alias/:aliasId/inbox',
  aliasLog: '/alias/:aliasId/log',
  aliasNotes: '/alias/:aliasId/notes',
  aliasRestrictions: '/alias/:aliasId/restrict',
  // docs/product.md lists both /alias/{handle}/settings and /alias/{aliasId}/settings: one pattern, the page
  // resolves the segment as an id when numeric, else as a handle.
  aliasSettings: '/alias/:aliasId/settings',
  aliasStatistics: '/alias/:aliasId/statistics',
  /** The alias's message trash (not a docs/product.md §2 path). */
  aliasTrash: '/alias/:aliasId/trash',
  /** The alias's Spam folder (docs/spam.md; not a docs/product.md §2 path). */
  aliasSpam: '/alias/:aliasId/spam',
  message: '/alias/:aliasId/message',
  messageDisplay: '/alias/:aliasId/message/:messageId',
  /** Every active alias's inbox in one list (docs/product.md §3 "All mail"). */
  allMail: '/mail',
  /** Search results, `?q=` and optionally `&alias=` (not a docs/product.md §2 path). */
  search: '/search',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

/** Fixed targets of redirects. */
export const PATHS = {
  login: '/login',
  register: '/register',
  accountRegister: ROUTE_PATHS.accountRegister,
  accountPending: ROUTE_PATHS.accountPending,
  accountFeed: ROUTE_PATHS.accountFeed,
  aliasNew: ROUTE_PATHS.aliasNew,
  home: ROUTE_PATHS.websiteHome,
  /** docs/product.md §2: a non-admin on an admin route goes to /x, which no route matches (the not-found page). */
  notFoundTarget: '/x',
} as const;

type Params = Record<string, string | number>;

/** The URL of a named route: `to('aliasInbox', { aliasId: 3 })` → '/alias/3/inbox'. */
export function to(name: RouteName, params: Params = {}): string {
  const p: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) p[k] = String(v);
  return generatePath(ROUTE_PATHS[name], p);
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
