import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { aliases, domains } from '../schema/index';
import type { DomainRow } from './catalog';

/** The shared domains and the account's own personal domains (verified or not). */
export async function listDomainsFor(db: DbOrTx, accountId: number): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(or(isNull(domains.ownerId), eq(domains.ownerId, accountId)))
    .orderBy(asc(domains.id));
}

export async function findOwnedDomain(db: DbOrTx, accountId: number, domainId: number): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.ownerId, accountId)));
  return row ?? null;
}

export async function findDomainByName(db: DbOrTx, name: string): Promise<DomainRow | null> {
  const [row] = await db.select().from(domains).where(eq(domains.name, name.toLowerCase()));
  return row ?? null;
}

export async function insertPersonalDomain(db: DbOrTx, accountId: number, name: string, verifyToken: string): Promise<DomainRow> {
  const [row] = await db
    .insert(domains)
    .values({ ownerId: accountId, name: name.toLowerCase(), handle: name.toLowerCase(), verifyToken })
    .returning();
  return row!;
}

export async function markDomainVerified(db: DbOrTx, domainId: number): Promise<void> {
  await db.update(domains).set({ verifiedAt: new Date() }).where(eq(domains.id, domainId));
}

export async function countAliasesOnDomain(db: DbOrTx, domainId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aliases).where(eq(aliases.domainId, domainId));
  return row?.n ?? 0;
}

export async function deleteDomain(db: DbOrTx, domainId: number): Promise<void> {
  await db.delete(domains).where(eq(domains.id, domainId));
}

/**
 * Stores a domain's DKIM key unless one is there already (two processes generating at once keep
 * the first); returns the row as it now is.
 */
export async function setDomainDkimOnce(
  db: DbOrTx,
  domainId: number,
  v: { selector: string; publicKey: string; keyId: number; privateSealed: Buffer },
): Promise<DomainRow | null> {
  await db
    .update(domains)
    .set({ dkimSelector: v.selector, dkimPublicKey: v.publicKey, dkimKeyId: v.keyId, dkimPrivateSealed: v.privateSealed })
    .where(and(eq(domains.id, domainId), isNull(domains.dkimKeyId)));
  const [row] = await db.select().from(domains).where(eq(domains.id, domainId));
  return row ?? null;
}
