import { and, eq, exists, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, aliases, domains, messages, pushKeys, pushSubscriptions } from '../schema/index';

export type NotifyAlias = Awaited<ReturnType<typeof listNotifyAliases>>[number];

/** Incoming, untrashed mail of the alias received after its last note. */
const newMailOf = (since: ReturnType<typeof sql>) =>
  and(eq(messages.aliasId, aliases.id), eq(messages.direction, 'in'), isNull(messages.trashedAt), gt(messages.createdAt, since));

/** Live aliases with notifications on that received mail since their last note, with the owner's e-mail. */
export async function listNotifyAliases(db: DbOrTx) {
  const since = sql`coalesce(${aliases.notifiedAt}, ${aliases.createdAt})`;
  return db
    .select({
      id: aliases.id,
      accountId: aliases.accountId,
      handle: aliases.handle,
      notify: aliases.notify,
      notifiedAt: aliases.notifiedAt,
      createdAt: aliases.createdAt,
      domain: domains.name,
      email: accounts.email,
    })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .innerJoin(accounts, eq(accounts.id, aliases.accountId))
    .where(
      and(
        ne(aliases.notify, 'none'),
        eq(aliases.isActive, true),
        eq(aliases.isTrashed, false),
        isNull(accounts.suspendedAt),
        exists(db.select({ one: sql`1` }).from(messages).where(newMailOf(since))),
      ),
    );
}

/** Claims the mail up to `now` for one note: only one process wins, so nothing is notified twice. */
export async function claimNotification(db: DbOrTx, aliasId: number, previous: Date | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(aliases)
    .set({ notifiedAt: now })
    .where(and(eq(aliases.id, aliasId), previous ? eq(aliases.notifiedAt, previous) : isNull(aliases.notifiedAt)))
    .returning({ id: aliases.id });
  return rows.length > 0;
}

/** The sender addresses of the incoming mail of an alias received in (since, until]. */
export async function listNewSenders(db: DbOrTx, aliasId: number, since: Date, until: Date): Promise<string[]> {
  const rows = await db
    .select({ sender: messages.senderAddress })
    .from(messages)
    .where(and(eq(messages.aliasId, aliasId), eq(messages.direction, 'in'), isNull(messages.trashedAt), gt(messages.createdAt, since), lte(messages.createdAt, until)));
  return rows.map((r) => r.sender);
}

/** Stores a browser's subscription; the same endpoint again replaces the earlier row. */
export async function upsertPushSubscription(db: DbOrTx, row: { accountId: number; endpointHash: string; sealed: Buffer }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpointHash, set: { accountId: row.accountId, sealed: row.sealed } });
}

/** Deletes the account's subscription with this endpoint; false when it has none. */
export async function deletePushSubscription(db: DbOrTx, accountId: number, endpointHash: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.endpointHash, endpointHash)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deletePushSubscriptionById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function listPushSubscriptions(db: DbOrTx, accountId: number) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId));
}

export async function findPushKeys(db: DbOrTx) {
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  return row ?? null;
}

/** Stores the VAPID key pair unless another process stored one first; returns the one stored. */
export async function insertPushKeysOnce(db: DbOrTx, row: { publicKey: string; keyId: number; privateSealed: Buffer }) {
  await db.insert(pushKeys).values({ id: 1, ...row }).onConflictDoNothing();
  return (await findPushKeys(db))!;
}
