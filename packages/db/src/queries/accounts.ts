import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, packages, subscriptions } from '../schema/index';

export type AccountRow = typeof accounts.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findAccountById(db: DbOrTx, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

export async function findAccountByHandle(db: DbOrTx, handle: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.handle, handle.toLowerCase()));
  return row ?? null;
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function findSubscription(db: DbOrTx, accountId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return row ?? null;
}

/** The package in force: the subscription's while it has not expired, else Free (id 1). */
export async function findEffectivePackage(db: DbOrTx, accountId: number): Promise<PackageRow> {
  const sub = await findSubscription(db, accountId);
  const active = sub && (!sub.expiresAt || sub.expiresAt.getTime() > Date.now());
  const id = active ? sub.packageId : 1;
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row!;
}

export async function listPackages(db: DbOrTx): Promise<PackageRow[]> {
  return db.select().from(packages).orderBy(packages.position);
}

export type NewAccount = typeof accounts.$inferInsert;

export async function insertAccount(db: DbOrTx, values: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function setSubscription(
  db: DbOrTx,
  accountId: number,
  packageId: number,
  expiresAt: Date | null = null,
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ accountId, packageId, expiresAt })
    .onConflictDoUpdate({ target: subscriptions.accountId, set: { packageId, expiresAt, updatedAt: new Date() } });
}
