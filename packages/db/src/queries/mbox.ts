import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { aliases, domains, keys, messages } from '../schema/index';
import type { AliasWithDomain } from './aliases';
import type { SealedKey } from './messages';

/** One message's sealed raw copy with what an mbox separator line needs. */
export type RawMessageRow = { id: number; keyId: number; senderAddress: string; createdAt: Date; rawSealed: Buffer } & SealedKey;

/**
 * Ids of the alias's visible messages that keep a raw copy, oldest first, after `afterId`: an export
 * walks them in pages and opens one message at a time, so memory stays flat (docs/product.md §7).
 */
export async function listAliasRawMessageIds(db: DbOrTx, aliasId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.aliasId, aliasId), gt(messages.id, afterId), isNull(messages.trashedAt), isNotNull(messages.rawSealed)),
    )
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The sealed raw copy of one visible message of the alias (or, `withTrashed`, one in its trash too),
 * with its wrapped key; null when gone meanwhile.
 */
export async function findAliasRawMessage(
  db: DbOrTx,
  aliasId: number,
  messageId: number,
  withTrashed = false,
): Promise<RawMessageRow | null> {
  const [row] = await db
    .select({
      id: messages.id,
      keyId: messages.keyId,
      senderAddress: messages.senderAddress,
      createdAt: messages.createdAt,
      rawSealed: messages.rawSealed,
      keyScheme: keys.scheme,
      keyWrapped: keys.wrapped,
    })
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.aliasId, aliasId),
        withTrashed ? undefined : isNull(messages.trashedAt),
        isNotNull(messages.rawSealed),
      ),
    );
  return row?.rawSealed ? { ...row, rawSealed: row.rawSealed } : null;
}

/** Whether the alias holds a message (trashed ones included) with exactly these raw bytes. */
export async function aliasHasRawMessage(db: DbOrTx, aliasId: number, rawSha256: Buffer): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.aliasId, aliasId), eq(messages.rawSha256, rawSha256)))
    .limit(1);
  return !!row;
}

/** Every alias of the account, trashed ones too, with its domain name, oldest first (the account export). */
export async function listAllAccountAliases(db: DbOrTx, accountId: number): Promise<AliasWithDomain[]> {
  return db
    .select({ alias: aliases, domain: domains.name })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(eq(aliases.accountId, accountId))
    .orderBy(asc(aliases.id));
}
