import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { blocks } from '../schema/index';

export type BlockRow = typeof blocks.$inferSelect;

/** What the mx matches: one rule, without its counters. */
export type BlockMatchRule = Pick<BlockRow, 'id' | 'kind' | 'value'>;

export async function listBlocks(db: DbOrTx, accountId: number): Promise<BlockRow[]> {
  return db.select().from(blocks).where(eq(blocks.accountId, accountId)).orderBy(asc(blocks.id));
}

export async function countBlocks(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blocks).where(eq(blocks.accountId, accountId));
  return row?.n ?? 0;
}

/** Inserts a rule; null when the same rule exists already. */
export async function insertBlock(
  db: DbOrTx,
  values: { accountId: number; aliasId: number | null; kind: string; value: string },
): Promise<BlockRow | null> {
  const [row] = await db.insert(blocks).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Deletes one rule of the account; false when it has no such rule. */
export async function deleteBlock(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.id, id), eq(blocks.accountId, accountId)))
    .returning({ id: blocks.id });
  return rows.length > 0;
}

/** Counts one refusal for each rule that refused it. */
export async function countBlockHits(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(blocks)
    .set({ hits: sql`${blocks.hits} + 1`, lastHitAt: new Date() })
    .where(inArray(blocks.id, ids));
}
