import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rawQuery } from '../raw';
import { notifyPending, pushKeys, pushSubscriptions } from '../schema/index';

/** Marks received mail for the next note; called in the transaction that stores it. */
export async function insertNotifyPending(db: DbOrTx, messageIds: number[]): Promise<void> {
  if (messageIds.length)
    await db
      .insert(notifyPending)
      .values(messageIds.map((messageId) => ({ messageId })))
      .onConflictDoNothing();
}

export interface NotifyMail {
  aliasId: number;
  accountId: number;
  handle: string;
  domain: string;
  notify: string;
  email: string;
  senderAddress: string;
}

/**
 * Takes every pending note's mail (one statement: each row goes to one run only) and returns the
 * mail still to notify: not trashed, at live aliases with notifications still on, of accounts not
 * suspended. What is taken and not returned is dropped.
 */
export async function claimNotifyMail(db: DbOrTx): Promise<NotifyMail[]> {
  const rows = await rawQuery(
    db,
    `with taken as (delete from notify_pending returning message_id)
     select a.id as alias_id, a.account_id, a.handle, d.name as domain, a.notify, acc.email, m.sender_address
     from taken t
     join messages m on m.id = t.message_id
     join aliases a on a.id = m.alias_id
     join domains d on d.id = a.domain_id
     join accounts acc on acc.id = a.account_id
     where m.trashed_at is null and a.notify <> 'none' and a.is_active and not a.is_trashed and acc.suspended_at is null
     order by a.id, m.id`,
  );
  return rows.map((r) => ({
    aliasId: Number(r.alias_id),
    accountId: Number(r.account_id),
    handle: String(r.handle),
    domain: String(r.domain),
    notify: String(r.notify),
    email: String(r.email),
    senderAddress: String(r.sender_address),
  }));
}

/** Stores a browser's subscription; the same endpoint again replaces the earlier row. */
export async function upsertPushSubscription(
  db: DbOrTx,
  row: { accountId: number; endpointHash: string; sealed: Buffer },
): Promise<void> {
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

/** The account's other subscriptions: those not under `endpointHash` (for the cap, docs/security.md W20). */
export async function countOtherPushSubscriptions(db: DbOrTx, accountId: number, endpointHash: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), ne(pushSubscriptions.endpointHash, endpointHash)));
  return row?.n ?? 0;
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
  await db
    .insert(pushKeys)
    .values({ id: 1, ...row })
    .onConflictDoNothing();
  return (await findPushKeys(db))!;
}
