import { findSubscription, type AccountRow, type SubscriptionRow } from '@app/db';
import { ADMIN_ACCOUNT_ID, type User } from '@app/shared';
import type { FastifyRequest } from 'fastify';

/** The signed-in account as the SPA sees it; no password hash, no token. */
export function serializeUser(account: AccountRow, subscription: SubscriptionRow | null): User {
  return {
    id: account.id,
    handle: account.handle,
    name: account.name,
    email: account.email,
    mobile: account.mobile,
    site_handle_prefix: account.siteHandlePrefix,
    approved: account.approvedAt?.toISOString() ?? null,
    registered: account.registeredAt?.toISOString() ?? null,
    is_admin: account.id === ADMIN_ACCOUNT_ID,
    subscription: subscription
      ? { package_id: subscription.packageId, expires: subscription.expiresAt?.toISOString() ?? null }
      : null,
  };
}

/** The caller's account with its subscription, as serializeUser answers it. */
export async function userPayload(request: FastifyRequest, account: AccountRow): Promise<User> {
  const subscription = await findSubscription(request.server.services.database.db, account.id);
  return serializeUser(account, subscription);
}
