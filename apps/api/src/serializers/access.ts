import type { AccountListRow, InvitationRow } from '@app/db';
import { ADMIN_ACCOUNT_ID, type AdminUser, type Invitation } from '@app/shared';

export function serializeInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    name: row.name,
    target: row.target,
    message: row.message,
    claimed: row.claimedAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
  };
}

/** An account as the admin's Users screen sees it: states only, no secrets. */
export function serializeAdminUser(row: AccountListRow): AdminUser {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    email: row.email,
    approved: row.approvedAt?.toISOString() ?? null,
    registered: row.registeredAt?.toISOString() ?? null,
    suspended: row.suspendedAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
    package_id: row.packageId,
    is_admin: row.id === ADMIN_ACCOUNT_ID,
  };
}
