import type { AccountRow, SubscriptionRow } from '@app/db';
import { ADMIN_ACCOUNT_ID, type User } from '@app/shared';

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
