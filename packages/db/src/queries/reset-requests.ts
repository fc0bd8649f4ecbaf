import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { resetRequests } from '../schema/index';

export type ResetRequestRow = typeof resetRequests.$inferSelect;

export async function insertResetRequest(
  db: DbOrTx,
  values: { accountId: number; codeHash: string; expiresAt: Date },
): Promise<ResetRequestRow> {
  const [row] = await db.insert(resetRequests).values(values).returning();
  return row!;
}

/** Uses a reset code: succeeds once, only while unexpired; null otherwise. */
export async function consumeResetRequest(db: DbOrTx, codeHash: string, now = new Date()): Promise<ResetRequestRow | null> {
  const [row] = await db
    .update(resetRequests)
    .set({ usedAt: now })
    .where(and(eq(resetRequests.codeHash, codeHash), isNull(resetRequests.usedAt), gt(resetRequests.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** The live (unused, unexpired) reset request of a code, without using it; null otherwise. */
export async function findLiveResetRequest(db: DbOrTx, codeHash: string, now = new Date()): Promise<ResetRequestRow | null> {
  const [row] = await db
    .select()
    .from(resetRequests)
    .where(and(eq(resetRequests.codeHash, codeHash), isNull(resetRequests.usedAt), gt(resetRequests.expiresAt, now)));
  return row ?? null;
}

/** Kills every open reset code of the account (after a reset or a password change). */
export async function invalidateResetRequests(db: DbOrTx, accountId: number, now = new Date()): Promise<void> {
  await db
    .update(resetRequests)
    .set({ usedAt: now })
    .where(and(eq(resetRequests.accountId, accountId), isNull(resetRequests.usedAt)));
}
