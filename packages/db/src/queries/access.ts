import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, subscriptions } from '../schema/index';
import type { AccountRow } from './accounts';

/** True when a query failed on a unique constraint (Postgres 23505), however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type AccountPatch = Partial<
  Pick<
    AccountRow,
    | 'handle'
    | 'name'
    | 'email'
    | 'mobile'
    | 'passwordHash'
    | 'approvedAt'
    | 'registeredAt'
    | 'suspendedAt'
    | 'siteHandlePrefix'
    | 'spamMode'
    | 'passwordChangedAt'
    | 'firstRunDismissedAt'
  >
>;

export async function updateAccount(db: DbOrTx, id: number, patch: AccountPatch): Promise<AccountRow | null> {
  const [row] = await db
    .update(accounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row ?? null;
}

/**
 * Completes an invited account: sets handle, password and registered time, only while it is still
 * unregistered (null otherwise). A taken handle throws a unique violation (see isUniqueViolation).
 */
export async function registerAccount(
  db: DbOrTx,
  id: number,
  values: { handle: string; passwordHash: string },
): Promise<AccountRow | null> {
  const now = new Date();
  const [row] = await db
    .update(accounts)
    .set({
      handle: values.handle.toLowerCase(),
      passwordHash: values.passwordHash,
      passwordChangedAt: now,
      registeredAt: now,
      updatedAt: now,
    })
    .where(and(eq(accounts.id, id), isNull(accounts.registeredAt)))
    .returning();
  return row ?? null;
}

export async function isHandleTaken(db: DbOrTx, handle: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.handle, handle.toLowerCase()));
  return !!row && row.id !== exceptId;
}

export type AccountListRow = AccountRow & { packageId: number | null };

/** Every account with its package, oldest first (admin Users screen). */
export async function listAccounts(db: DbOrTx, limit = 1000): Promise<AccountListRow[]> {
  const rows = await db
    .select({ account: accounts, packageId: subscriptions.packageId })
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .orderBy(asc(accounts.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.account, packageId: r.packageId }));
}

/** Sets approved_at once (approving twice keeps the first time). */
export async function approveAccount(db: DbOrTx, id: number): Promise<AccountRow | null> {
  const [row] = await db
    .update(accounts)
    .set({ approvedAt: sql`coalesce(${accounts.approvedAt}, now())`, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row ?? null;
}

export async function setAccountSuspended(db: DbOrTx, id: number, suspended: boolean): Promise<AccountRow | null> {
  const [row] = await db
    .update(accounts)
    .set({ suspendedAt: suspended ? sql`coalesce(${accounts.suspendedAt}, now())` : null, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row ?? null;
}

/** A registered account by e-mail (case-insensitive), or null. */
export async function findRegisteredAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, isNotNull(accounts.registeredAt)));
  return row ?? null;
}
