import { and, asc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { passkeyChallenges, passkeys } from '../schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyPurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

export async function insertPasskey(
  db: DbOrTx,
  values: { accountId: number; credentialId: string; publicKey: Buffer; counter: number; transports: string[]; name: string },
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

export async function listAccountPasskeys(db: DbOrTx, accountId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.id));
}

export async function hasPasskey(db: DbOrTx, accountId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.accountId, accountId)).limit(1);
  return !!row;
}

export async function findAccountPasskey(db: DbOrTx, accountId: number, id: number): Promise<PasskeyRow | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.accountId, accountId), eq(passkeys.id, id)));
  return row ?? null;
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

export async function renamePasskey(db: DbOrTx, id: number, name: string): Promise<PasskeyRow> {
  const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  return row!;
}

export async function deletePasskey(db: DbOrTx, id: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.id, id));
}

/** Removes the account's passkeys added at or after `since` (a reset ends them: docs/security.md W18); returns how many. */
export async function deletePasskeysAddedSince(db: DbOrTx, accountId: number, since: Date): Promise<number> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.accountId, accountId), gte(passkeys.createdAt, since)))
    .returning({ id: passkeys.id });
  return gone.length;
}

/**
 * Records a sign-in: the new counter and the time. Only while the stored counter is still the one
 * the signature was checked against, so two sign-ins racing with one counter value cannot both pass;
 * false when another got there first.
 */
export async function recordPasskeyUse(db: DbOrTx, id: number, checkedCounter: number, counter: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Stores a fresh challenge, and forgets the expired ones of anyone. */
export async function insertPasskeyChallenge(
  db: DbOrTx,
  values: { challenge: string; purpose: PasskeyPurpose; accountId: number | null; expiresAt: Date },
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
  await db.insert(passkeyChallenges).values(values);
}

/** Takes (deletes) a live challenge of that purpose and account; true only for the one caller that took it. */
export async function takePasskeyChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: PasskeyPurpose,
  accountId: number | null,
): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        accountId === null ? isNull(passkeyChallenges.accountId) : eq(passkeyChallenges.accountId, accountId),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return rows.length === 1;
}
