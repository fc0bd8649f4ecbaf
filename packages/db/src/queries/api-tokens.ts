import { and, desc, eq, gt, inArray, isNull, lt, not, or } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { apiTokens } from '../schema/index';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(
  db: DbOrTx,
  values: { accountId: number; label: string; scope: string; tokenHash: string; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** The account's tokens, newest first. */
export async function listApiTokens(db: DbOrTx, accountId: number): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.accountId, accountId)).orderBy(desc(apiTokens.id));
}

/** The account's token by id; null when the account has no such token. */
export async function findApiToken(db: DbOrTx, accountId: number, id: number): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.accountId, accountId)));
  return row ?? null;
}

/** The token by the hash of its secret while it has not expired; null when unknown, revoked or expired. */
export async function findLiveApiToken(db: DbOrTx, tokenHash: string): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, new Date()))));
  return row ?? null;
}

/** Records a use, unless one was recorded after `since` (so a busy token writes at most once per interval). */
export async function touchApiToken(db: DbOrTx, id: number, since: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, since))));
}

/** Revokes the token: its secret stops working at once. */
export async function deleteApiToken(db: DbOrTx, id: number): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.id, id));
}

/** Revokes every token of the account but those in `keepIds` (after a reset or a password change); returns how many. */
export async function deleteAccountApiTokens(db: DbOrTx, accountId: number, keepIds: number[] = []): Promise<number> {
  const gone = await db
    .delete(apiTokens)
    .where(
      keepIds.length
        ? and(eq(apiTokens.accountId, accountId), not(inArray(apiTokens.id, keepIds)))
        : eq(apiTokens.accountId, accountId),
    )
    .returning({ id: apiTokens.id });
  return gone.length;
}
