import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, packages, stripeEvents, subscriptions } from '../schema/index';
import type { PackageRow } from './accounts';

/** Records a webhook event; false when it was processed before (Stripe redelivers). */
export async function recordStripeEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function findPackageById(db: DbOrTx, id: number): Promise<PackageRow | null> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row ?? null;
}

export async function findPackageByStripePrice(db: DbOrTx, priceId: string): Promise<PackageRow | null> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(isNotNull(packages.stripeId), eq(packages.stripeId, priceId)));
  return row ?? null;
}

export interface PaidSubscription {
  packageId: number;
  expiresAt: Date | null;
  stripeSubscriptionId: string;
  /** Stripe's status, plus 'canceling' while cancel_at_period_end is set. */
  status: string;
}

/** Sets the account's subscription from Stripe's current state of it. */
export async function applyPaidSubscription(db: DbOrTx, accountId: number, sub: PaidSubscription): Promise<void> {
  const values = { ...sub, updatedAt: new Date() };
  await db
    .insert(subscriptions)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: subscriptions.accountId, set: values });
}

/** Back to Free when a paid subscription ends (never touches a VIP granted by hand). */
export async function endPaidSubscription(db: DbOrTx, stripeSubscriptionId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ packageId: 1, expiresAt: null, status: 'canceled', stripeSubscriptionId: null, updatedAt: new Date() })
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
}

export async function setStripeCustomer(db: DbOrTx, accountId: number, customerId: string): Promise<void> {
  await db.update(accounts).set({ stripeCustomerId: customerId }).where(eq(accounts.id, accountId));
}
