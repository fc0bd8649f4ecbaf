import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, keys } from '../schema/index';

export async function insertKey(db: DbOrTx, scheme: string, wrapped: Buffer): Promise<number> {
  const [row] = await db.insert(keys).values({ scheme, wrapped }).returning({ id: keys.id });
  return row!.id;
}

export async function findKey(db: DbOrTx, id: number): Promise<{ scheme: string; wrapped: Buffer } | null> {
  const [row] = await db.select({ scheme: keys.scheme, wrapped: keys.wrapped }).from(keys).where(eq(keys.id, id));
  return row ?? null;
}

/** Crypto-shredding: once these rows are gone, whatever they sealed is unreadable everywhere. */
export async function deleteKeys(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(keys).where(inArray(keys.id, ids));
}

export async function findAccountKeyId(db: DbOrTx, accountId: number): Promise<number | null> {
  const [row] = await db.select({ keyId: accounts.keyId }).from(accounts).where(eq(accounts.id, accountId));
  return row?.keyId ?? null;
}

/** Sets the account's key once; returns false when another process set one first. */
export async function setAccountKeyId(db: DbOrTx, accountId: number, keyId: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ keyId })
    .where(and(eq(accounts.id, accountId), isNull(accounts.keyId)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function findSearchKeyId(db: DbOrTx, accountId: number): Promise<number | null> {
  const [row] = await db.select({ keyId: accounts.searchKeyId }).from(accounts).where(eq(accounts.id, accountId));
  return row?.keyId ?? null;
}

/** Sets the account's search key once; returns false when another process set one first. */
export async function setSearchKeyId(db: DbOrTx, accountId: number, keyId: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ searchKeyId: keyId })
    .where(and(eq(accounts.id, accountId), isNull(accounts.searchKeyId)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
