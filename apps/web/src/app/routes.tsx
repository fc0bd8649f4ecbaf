// Every path of docs/product.md §2, with its route name as the route id. Screens are lazy route modules so
// the first load carries only the shell; protected routes run the guard (./guard) before their
// module's own loader, so no account data is requested for a visitor who is not signed in.
import type { ComponentType } from 'react';
import type { User } from '@app/shared';
import { queryClient } from '../api/query-client';
import { authKey, authQuery } from '../features/auth/queries';
import { setClientHooks } from '../api/client';
import { askToConfirm } from './shell/reauth-dialog';
import { initQuery } from '../features/init/queries';
import { aliasesQuery } from '../features/aliases/queries';
import { anyMail, feedTarget } from '../features/aliases/activity';
import { Layout } from './shell/layout';
import { RootError, PageError } from './shell/errors';
import { PageSpinner } from '../components/spinner';
import { requireUser, type GuardOptions } from './guard';
import { ROUTE_PATHS, PATHS, to } from '../router/paths';
import { navigateTo, redirect, type AppRoute, type LoaderArgs } from '../router/data-router';

/**
 * A screen module: the component as its default export, and, for a screen that needs data before it
 * shows, a `loader` that runs after the guard with the signed-in account. Public screens load nothing.
 */
type Screen = { default: ComponentType; loader?: never };
type GuardedScreen = { default: ComponentType; loader?: (args: LoaderArgs, user: User) => unknown };

/** The loader and lazy component of a screen; protected screens run the guard, then their own loader. */
function screen(load: () => Promise<GuardedScreen>, guard?: GuardOptions) {
  return {
    loader: async (args: LoaderArgs) => {
      if (!guard) return null;
      const user = await requireUser(guard, args.request);
      return (await (await load()).loader?.(args, user)) ?? null;
    },
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** A named, lazily loaded screen: public without `guard`. */
function page(id: string, path: string, load: () => Promise<Screen>): AppRoute;
function page(id: string, path: string, load: () => Promise<GuardedScreen>, guard: GuardOptions): AppRoute;
function page(id: string, path: string, load: () => Promise<GuardedScreen>, guard?: GuardOptions): AppRoute {
  return { id, path, ...screen(load, guard) };
}

/** A path that only redirects; guarded ones check the session first. */
function redirectRoute(
  path: string,
  target: string | ((args: LoaderArgs) => string),
  guard?: GuardOptions,
  id?: string,
): AppRoute {
  return {
    ...(id ? { id } : {}),
    path,
    loader: async (args) => {
      if (guard) await requireUser(guard, args.request);
      return redirect(typeof target === 'function' ? target(args) : target);
    },
  };
}

const signedIn: GuardOptions = {};
const admin: GuardOptions = { admin: true };

export const routes: AppRoute[] = [
  {
    id: 'root',
    path: '/',
    Component: Layout,
    ErrorBoundary: RootError,
    HydrateFallback: PageSpinner,
    // Start-up data is loaded at start and a silent sign-in follows (docs/product.md §7). Only the sign-in is
    // awaited: the header needs it; the start-up data is only read by the pricing page.
    loader: async () => {
      void queryClient.prefetchQuery(initQuery);
      await queryClient.ensureQueryData(authQuery).catch(() => null);
      return null;
    },
    revalidate: false,
    children: [
      {
        ErrorBoundary: PageError,
        children: [
          // Public website
          { id: 'websiteHome', index: true, ...screen(() => import('../features/website/home-page')) },
          page('websiteAbout', ROUTE_PATHS.websiteAbout, () => import('../features/website/about-page')),
          page('websitePricing', ROUTE_PATHS.websitePricing, () => import('../features/website/pricing-page')),

          // Auth
          // The query (`next`, the page to return to) goes along.
          redirectRoute('/login', ({ request }) => ROUTE_PATHS.authLogin + new URL(request.url).search),
          redirectRoute('/register', ROUTE_PATHS.authRegister),
          redirectRoute(ROUTE_PATHS.authRegister, ROUTE_PATHS.authRegisterClosed, undefined, 'authRegister'),
          page('authLogin', ROUTE_PATHS.authLogin, () => import('../features/auth/login-page')),
          page('authRegisterClosed', ROUTE_PATHS.authRegisterClosed, () => import('../features/auth/register-closed-page')),
          page('authRegisterThanks', ROUTE_PATHS.authRegisterThanks, () => import('../features/auth/register-thanks-page')),
          page('authRedeem', ROUTE_PATHS.authRedeem, () => import('../features/auth/redeem-page')),
          page('authReset', ROUTE_PATHS.authReset, () => import('../features/auth/reset-page')),
          page('authPending', ROUTE_PATHS.authPending, () => import('../features/auth/pending-page'), {
            allowUnapproved: true,
          }),

          // Account
          redirectRoute(ROUTE_PATHS.account, PATHS.accountFeed, signedIn, 'account'),
          {
            id: 'accountFeed',
            path: ROUTE_PATHS.accountFeed,
            loader: async ({ request }) => {
              const user = await requireUser(signedIn, request);
              const aliases = await queryClient.ensureQueryData(aliasesQuery(user.id));
              if (anyMail(aliases)) return redirect(to('allMail'));
              const target = feedTarget(aliases);
              return redirect(target === null ? PATHS.aliasNew : to('aliasInbox', { aliasId: target }));
            },
          },
          page('accountRegister', ROUTE_PATHS.accountRegister, () => import('../features/auth/account-register-page'), {
            allowUnregistered: true,
          }),
          page('accountPending', ROUTE_PATHS.accountPending, () => import('../features/auth/pending-page'), {
            allowUnapproved: true,
          }),
          {
            id: 'accountArea',
            lazy: async () => ({ Component: (await import('../features/account/account-layout')).default }),
            children: [
              page('accountProfile', ROUTE_PATHS.accountProfile, () => import('../features/account/profile-page'), signedIn),
              page(
                'accountSubscription',
                ROUTE_PATHS.accountSubscription,
                () => import('../features/account/subscription-page'),
                signedIn,
              ),
              page(
                'accountSubscriptionCancel',
                ROUTE_PATHS.accountSubscriptionCancel,
                () => import('../features/account/subscription-cancel-page'),
                signedIn,
              ),
              page(
                'accountSubscriptionSuccess',
                ROUTE_PATHS.accountSubscriptionSuccess,
                () => import('../features/account/subscription-success-page'),
                signedIn,
              ),
              page('accountDomains', ROUTE_PATHS.accountDomains, () => import('../features/account/domains-page'), signedIn),
              page('accountBlocked', ROUTE_PATHS.accountBlocked, () => import('../features/aliases/blocked-page'), signedIn),
              page(
                'accountInvitations',
                ROUTE_PATHS.accountInvitations,
                () => import('../features/account/invitations-page'),
                admin,
              ),

              // Admin (docs/product.md §6: admin only; others go to /x)
              redirectRoute(ROUTE_PATHS.admin, ROUTE_PATHS.adminLogs, admin, 'admin'),
              page('adminLogs', ROUTE_PATHS.adminLogs, () => import('../features/admin/admin-logs-page'), admin),
              page('adminSources', ROUTE_PATHS.adminSources, () => import('../features/admin/admin-sources-page'), admin),
              page('adminSourceNew', ROUTE_PATHS.adminSourceNew, () => import('../features/admin/admin-source-new-page'), admin),
              page(
                'adminSourceEdit',
                ROUTE_PATHS.adminSourceEdit,
                () => import('../features/admin/admin-source-edit-page'),
                admin,
              ),
              page('adminTests', ROUTE_PATHS.adminTests, () => import('../features/admin/admin-tests-page'), admin),
              page('adminUsers', ROUTE_PATHS.adminUsers, () => import('../features/admin/admin-users-page'), admin),
              page('adminDns', ROUTE_PATHS.adminDns, () => import('../features/admin/admin-dns-page'), admin),
            ],
          },

          // Aliases
          page('aliasNew', ROUTE_PATHS.aliasNew, () => import('../features/aliases/alias-new-page'), signedIn),
          page('aliasesTrash', ROUTE_PATHS.aliasesTrash, () => import('../features/aliases/aliases-trash-page'), signedIn),
          {
            ...page('alias', ROUTE_PATHS.alias, () => import('../features/aliases/alias-layout'), signedIn),
            children: [
              { index: true, loader: ({ params }) => redirect(to('aliasInbox', { aliasId: params.aliasId ?? '' })) },
              page('aliasInbox', 'inbox', () => import('../features/messages/inbox-page'), signedIn),
              page('aliasLog', 'log', () => import('../features/aliases/alias-log-page'), signedIn),
              page('aliasNotes', 'notes', () => import('../features/aliases/alias-notes-page'), signedIn),
              page('aliasRestrictions', 'restrict', () => import('../features/aliases/alias-restrict-page'), signedIn),
              page('aliasSettings', 'settings', () => import('../features/aliases/alias-settings-page'), signedIn),
              page('aliasStatistics', 'statistics', () => import('../features/aliases/alias-statistics-page'), signedIn),
              page('aliasTrash', 'trash', () => import('../features/messages/trash-page'), signedIn),
              page('aliasSpam', 'spam', () => import('../features/messages/spam-page'), signedIn),
              {
                id: 'message',
                path: 'message',
                loader: ({ params }) => redirect(to('aliasInbox', { aliasId: params.aliasId ?? '' })),
              },
              page('messageDisplay', 'message/:messageId', () => import('../features/messages/message-page'), signedIn),
            ],
          },

          page('allMail', ROUTE_PATHS.allMail, () => import('../features/messages/all-mail-page'), signedIn),
          page('search', ROUTE_PATHS.search, () => import('../features/search/search-page'), signedIn),

          // Anything else, including the guard's /x (docs/product.md §2 "any other path").
          page('websitePricingNotFound', '*', () => import('../features/website/not-found-page')),
        ],
      },
    ],
  },
];

/** Connects the API client to the router: `meta.redirect` navigates; a 401 ends the session; a stale one confirms. */
export function connectClient(): void {
  setClientHooks({
    // docs/product.md §7: a response whose meta holds a redirect moves the browser to that path.
    redirect: navigateTo,
    // The session ended on the server: the layout sees no user and re-runs the guards (→ /login).
    // The account's cached data is dropped at the next sign-in, not here, so the screen on display
    // does not refetch it (and get another 401) on its way out.
    unauthorized: () => queryClient.setQueryData(authKey, null),
    // docs/security.md W17: a credential change from a stale session asks "Confirm it's you", then retries.
    reauthenticate: askToConfirm,
  });
}
