import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accountTotp, recoveryCodes } from '../schema/index';

export type AccountTotpRow = typeof accountTotp.$inferSelect;

export async function findAccountTotp(db: DbOrTx, accountId: number): Promise<AccountTotpRow | null> {
  const [row] = await db.select().from(accountTotp).where(eq(accountTotp.accountId, accountId));
  return row ?? null;
}

/** Starts (or restarts) an enrolment; null when the account's TOTP is already on. */
export async function savePendingTotp(db: DbOrTx, accountId: number, secretSealed: Buffer): Promise<AccountTotpRow | null> {
  const [row] = await db
    .insert(accountTotp)
    .values({ accountId, secretSealed })
    .onConflictDoUpdate({
      target: accountTotp.accountId,
      set: { secretSealed, lastStep: null, createdAt: new Date() },
      setWhere: isNull(accountTotp.enabledAt),
    })
    .returning();
  return row ?? null;
}

/** Turns a pending enrolment on with its first step used and fresh recovery codes; false when none was pending. */
export async function enableTotp(db: DbOrTx, accountId: number, step: number, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountTotp)
      .set({ enabledAt: new Date(), lastStep: step })
      .where(and(eq(accountTotp.accountId, accountId), isNull(accountTotp.enabledAt)))
      .returning({ accountId: accountTotp.accountId });
    if (!row) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ accountId, codeHash })));
    return true;
  });
}

/**
 * Records a time step as used, atomically: true only for a step later than every one used before,
 * so a code (or an earlier one) is never accepted twice, even by two requests at once.
 */
export async function useTotpStep(db: DbOrTx, accountId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(accountTotp)
    .set({ lastStep: step })
    .where(
      and(
        eq(accountTotp.accountId, accountId),
        isNotNull(accountTotp.enabledAt),
        or(isNull(accountTotp.lastStep), lt(accountTotp.lastStep, step)),
      ),
    )
    .returning({ accountId: accountTotp.accountId });
  return rows.length > 0;
}

/** Uses a recovery code up: true once per code. */
export async function consumeRecoveryCode(db: DbOrTx, accountId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: DbOrTx, accountId: number): Promise<number> {
  return (await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(eq(recoveryCodes.accountId, accountId))).length;
}

/** Turns TOTP off: the secret and every recovery code go. */
export async function deleteAccountTotp(db: DbOrTx, accountId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    await tx.delete(accountTotp).where(eq(accountTotp.accountId, accountId));
  });
}
