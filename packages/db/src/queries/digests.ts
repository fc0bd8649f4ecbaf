import { and, count, desc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, aliases, domains, keys, messages } from '../schema/index';

export type DigestAlias = Awaited<ReturnType<typeof listDigestAliases>>[number];

/** Live aliases that asked for a digest, with their address and the owner's e-mail. */
export async function listDigestAliases(db: DbOrTx) {
  return db
    .select({
      id: aliases.id,
      accountId: aliases.accountId,
      keyId: aliases.keyId,
      handle: aliases.handle,
      digest: aliases.digest,
      lastDigestAt: aliases.lastDigestAt,
      createdAt: aliases.createdAt,
      domain: domains.name,
      email: accounts.email,
    })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .innerJoin(accounts, eq(accounts.id, aliases.accountId))
    .where(
      and(isNotNull(aliases.digest), eq(aliases.isActive, true), eq(aliases.isTrashed, false), isNull(accounts.suspendedAt)),
    );
}

/**
 * Claims the digest of an alias for this run: only one process wins the update, so a digest is
 * never sent twice when two workers run the schedule at once.
 */
export async function claimDigest(db: DbOrTx, aliasId: number, previous: Date | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(aliases)
    .set({ lastDigestAt: now })
    .where(and(eq(aliases.id, aliasId), previous ? eq(aliases.lastDigestAt, previous) : isNull(aliases.lastDigestAt)))
    .returning({ id: aliases.id });
  return rows.length > 0;
}

/** Incoming, untrashed messages of an alias received after `since`, newest first, with their wrapped keys. */
export async function listDigestMessages(db: DbOrTx, aliasId: number, since: Date, limit: number) {
  const where = and(
    eq(messages.aliasId, aliasId),
    eq(messages.direction, 'in'),
    isNull(messages.trashedAt),
    gt(messages.createdAt, since),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: messages.id,
        senderLabel: messages.senderLabel,
        senderAddress: messages.senderAddress,
        subjectSealed: messages.subjectSealed,
        state: messages.state,
        createdAt: messages.createdAt,
        keyId: messages.keyId,
        keyWrapped: keys.wrapped,
      })
      .from(messages)
      .innerJoin(keys, eq(keys.id, messages.keyId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(limit),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Live aliases whose date-based expiry falls before `before` and is still ahead, with no notice
 * sent yet for that date (docs/product.md §3 Alias, expires).
 */
export async function listExpiryNoticeAliases(db: DbOrTx, now: Date, before: Date) {
  return db
    .select({ id: aliases.id, handle: aliases.handle, expiresAt: aliases.expiresAt, domain: domains.name, email: accounts.email })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .innerJoin(accounts, eq(accounts.id, aliases.accountId))
    .where(
      and(
        isNotNull(aliases.expiresAt),
        isNull(aliases.expiryNoticeAt),
        gt(aliases.expiresAt, now),
        lte(aliases.expiresAt, before),
        eq(aliases.isActive, true),
        eq(aliases.isTrashed, false),
        isNull(accounts.suspendedAt),
      ),
    );
}

/** Claims the notice of this expiry date: one process wins, so it is sent once. */
export async function claimExpiryNotice(db: DbOrTx, aliasId: number, expiresAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(aliases)
    .set({ expiryNoticeAt: now })
    .where(and(eq(aliases.id, aliasId), eq(aliases.expiresAt, expiresAt), isNull(aliases.expiryNoticeAt)))
    .returning({ id: aliases.id });
  return rows.length > 0;
}
