import { and, asc, count, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
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

/** A domain is served when it is shared or verified; a name has one served row at most. */
const served = or(isNull(domains.ownerId), isNotNull(domains.verifiedAt));
/** An unverified claim of a personal domain: several accounts may hold one for the same name. */
const unverifiedClaim = and(isNotNull(domains.ownerId), isNull(domains.verifiedAt));

/** The domain that serves this name (shared or verified); an unverified claim of it is not one. */
export async function findDomainByName(db: DbOrTx, name: string): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.name, name.toLowerCase()), served));
  return row ?? null;
}

/** How many unverified claims the account holds. */
export async function countUnverifiedDomains(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(domains)
    .where(and(eq(domains.ownerId, accountId), isNull(domains.verifiedAt)));
  return Number(row?.n ?? 0);
}

export async function insertPersonalDomain(db: DbOrTx, accountId: number, name: string, verifyToken: string): Promise<DomainRow> {
  const [row] = await db
    .insert(domains)
    .values({ ownerId: accountId, name: name.toLowerCase(), handle: name.toLowerCase(), verifyToken })
    .returning();
  return row!;
}

/** Marks a claim verified; a name verified meanwhile by another account throws a unique violation (see isUniqueViolation). */
export async function markDomainVerified(db: DbOrTx, domainId: number): Promise<void> {
  await db.update(domains).set({ verifiedAt: new Date() }).where(eq(domains.id, domainId));
}

/** Deletes every other account's unverified claim of a name that this domain now serves. */
export async function deleteOtherDomainClaims(db: DbOrTx, domain: { id: number; name: string }): Promise<void> {
  await db.delete(domains).where(and(eq(domains.name, domain.name), ne(domains.id, domain.id), unverifiedClaim));
}

/** Deletes the unverified claims made before `before` (aliases need a verified domain, so none has any). Returns how many. */
export async function deleteStaleDomainClaims(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(domains)
    .where(and(unverifiedClaim, lt(domains.createdAt, before)))
    .returning({ id: domains.id });
  return gone.length;
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
