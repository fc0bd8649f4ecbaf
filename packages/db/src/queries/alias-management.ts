// Queries of alias management (settings, restrictions, notes, log, statistics, chat). Every
// function that reads one alias by id also takes the owner's account id, so a caller cannot forget
// the ownership check (docs/security.md W3).
import { and, asc, count, desc, eq, gte, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, aliasLogs, aliasSenders, aliases, domains, keys, messages, notes, sources } from '../schema/index';

type AliasRow = typeof aliases.$inferSelect;
export type AliasPatch = Partial<
  Pick<
    typeof aliases.$inferInsert,
    | 'handle'
    | 'label'
    | 'icon'
    | 'sourceId'
    | 'lifespan'
    | 'digest'
    | 'isActive'
    | 'isTrashed'
    | 'isWhitelisted'
    | 'domainId'
    | 'spamMode'
    | 'pinned'
    | 'origin'
    | 'leakDomain'
    | 'leakFirstSeen'
    | 'leakCount'
    | 'sharedSenders'
    | 'leakIgnored'
    | 'expiresAt'
    | 'maxMessages'
    | 'limitCount'
    | 'expiryNoticeAt'
    | 'notify'
  >
>;
export type NoteRow = typeof notes.$inferSelect;
export type AliasLogRow = typeof aliasLogs.$inferSelect;

/**
 * The account's alias with this handle, or this handle@domain. A bare handle that exists on
 * several of the account's domains gives the oldest alias.
 */
export async function findOwnedAliasByHandle(
  db: DbOrTx,
  accountId: number,
  handle: string,
  domainName?: string,
): Promise<AliasRow | null> {
  const where = [eq(aliases.accountId, accountId), eq(aliases.handle, handle.toLowerCase())];
  if (domainName) where.push(eq(domains.name, domainName.toLowerCase()));
  const [row] = await db
    .select({ alias: aliases })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(and(...where))
    .orderBy(asc(aliases.id))
    .limit(1);
  return row?.alias ?? null;
}

/**
 * Serialises alias creation per account (`SELECT … FOR UPDATE` on the account row), so two
 * concurrent creates cannot both pass the address_count check. Call inside a transaction.
 */
export async function lockAccountForAliases(db: DbOrTx, accountId: number): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** Aliases that count against address_count: every alias not in the trash. */
export async function countLiveAliases(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(aliases)
    .where(and(eq(aliases.accountId, accountId), eq(aliases.isTrashed, false)));
  return Number(row?.n ?? 0);
}

/** Whether handle@domain is used by any alias (of any account), optionally except one alias. */
export async function isAliasHandleTaken(db: DbOrTx, domainId: number, handle: string, exceptAliasId?: number): Promise<boolean> {
  const where = [eq(aliases.domainId, domainId), eq(aliases.handle, handle.toLowerCase())];
  if (exceptAliasId !== undefined) where.push(ne(aliases.id, exceptAliasId));
  const [row] = await db
    .select({ id: aliases.id })
    .from(aliases)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

/** A domain the account may put aliases on: a shared one, or its own verified personal domain. */
export async function findUsableDomain(db: DbOrTx, accountId: number, domainId: number) {
  const [row] = await db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.id, domainId),
        or(isNull(domains.ownerId), and(eq(domains.ownerId, accountId), isNotNull(domains.verifiedAt))),
      ),
    );
  return row ?? null;
}

/** A source the account may restrict an alias to: a public one or its own. */
export async function findUsableSource(db: DbOrTx, accountId: number, sourceId: number) {
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.id, sourceId), or(eq(sources.isPublic, true), eq(sources.userId, accountId))));
  return row ?? null;
}

export async function updateAliasFields(db: DbOrTx, aliasId: number, patch: AliasPatch): Promise<AliasRow | null> {
  const [row] = await db
    .update(aliases)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(aliases.id, aliasId))
    .returning();
  return row ?? null;
}

export async function listAliasSenderPatterns(db: DbOrTx, aliasId: number): Promise<string[]> {
  const rows = await db
    .select({ address: aliasSenders.address })
    .from(aliasSenders)
    .where(eq(aliasSenders.aliasId, aliasId))
    .orderBy(asc(aliasSenders.id));
  return rows.map((r) => r.address);
}

/**
 * Replaces the alias's approved senders with `patterns` (stored forms, already unique), keeping
 * the rows (and ids) of the senders that stay.
 */
export async function replaceAliasSenders(db: DbOrTx, aliasId: number, patterns: readonly string[]): Promise<void> {
  const current = await listAliasSenderPatterns(db, aliasId);
  const keep = new Set(patterns);
  const gone = current.filter((p) => !keep.has(p));
  const added = patterns.filter((p) => !current.includes(p));
  for (const address of gone) {
    await db.delete(aliasSenders).where(and(eq(aliasSenders.aliasId, aliasId), eq(aliasSenders.address, address)));
  }
  if (added.length) {
    await db.insert(aliasSenders).values(
      added.map((address) => ({
        aliasId,
        address,
        hostname: address.startsWith('*.') ? address.slice(2) : (address.split('@')[1] ?? null),
      })),
    );
  }
}

// ---- Notes ----

/** The alias's note with its wrapped key (`keyWrapped`), so it opens without a key query. */
export async function findAliasNote(db: DbOrTx, aliasId: number): Promise<(NoteRow & { keyWrapped: Buffer }) | null> {
  const [row] = await db
    .select({ note: notes, keyWrapped: keys.wrapped })
    .from(notes)
    .innerJoin(keys, eq(keys.id, notes.keyId))
    .where(eq(notes.aliasId, aliasId));
  return row ? { ...row.note, keyWrapped: row.keyWrapped } : null;
}

export async function insertAliasNote(
  db: DbOrTx,
  values: { aliasId: number; keyId: number; valueSealed: Buffer },
): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  return row!;
}

export async function updateAliasNoteValue(db: DbOrTx, noteId: number, valueSealed: Buffer): Promise<NoteRow | null> {
  const [row] = await db.update(notes).set({ valueSealed, updatedAt: new Date() }).where(eq(notes.id, noteId)).returning();
  return row ?? null;
}

// ---- Log ----

export async function appendAliasLogEntry(
  db: DbOrTx,
  entry: { aliasId: number; userId: number | null; method: string; endpoint: string; status: number; detail?: string | null },
): Promise<void> {
  await db.insert(aliasLogs).values({ ...entry, detail: entry.detail ?? null });
}

/** Newest first. */
export async function listAliasLogEntries(db: DbOrTx, aliasId: number, limit = 100): Promise<AliasLogRow[]> {
  return db.select().from(aliasLogs).where(eq(aliasLogs.aliasId, aliasId)).orderBy(desc(aliasLogs.id)).limit(limit);
}

// ---- Statistics ----

const utcDay = (col: typeof messages.createdAt | typeof aliasLogs.created) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Received messages per UTC day since `since`. */
export async function countReceivedPerDay(db: DbOrTx, aliasId: number, since: Date): Promise<Array<{ date: string; n: number }>> {
  const day = utcDay(messages.createdAt);
  const rows = await db
    .select({ date: day, n: count() })
    .from(messages)
    .where(and(eq(messages.aliasId, aliasId), eq(messages.direction, 'in'), gte(messages.createdAt, since)))
    .groupBy(day);
  return rows.map((r) => ({ date: r.date, n: Number(r.n) }));
}

/** Refused SMTP attempts (alias log entries of method SMTP with a 4xx/5xx status) per UTC day. */
export async function countRefusedPerDay(db: DbOrTx, aliasId: number, since: Date): Promise<Array<{ date: string; n: number }>> {
  const day = utcDay(aliasLogs.created);
  const rows = await db
    .select({ date: day, n: count() })
    .from(aliasLogs)
    .where(
      and(
        eq(aliasLogs.aliasId, aliasId),
        eq(aliasLogs.method, 'SMTP'),
        gte(aliasLogs.status, 400),
        gte(aliasLogs.created, since),
      ),
    )
    .groupBy(day);
  return rows.map((r) => ({ date: r.date, n: Number(r.n) }));
}

export async function topSenders(
  db: DbOrTx,
  aliasId: number,
  since: Date,
  limit: number,
): Promise<Array<{ address: string; n: number }>> {
  const n = count();
  const rows = await db
    .select({ address: messages.senderAddress, n })
    .from(messages)
    .where(
      and(
        eq(messages.aliasId, aliasId),
        eq(messages.direction, 'in'),
        gte(messages.createdAt, since),
        ne(messages.senderAddress, ''),
      ),
    )
    .groupBy(messages.senderAddress)
    .orderBy(desc(n), asc(messages.senderAddress))
    .limit(limit);
  return rows.map((r) => ({ address: r.address, n: Number(r.n) }));
}

// ---- Chat ----

/** The alias's latest incoming message that is not in the trash (the chat's correspondent), with its wrapped key. */
export async function findLastIncomingMessage(db: DbOrTx, aliasId: number) {
  const [row] = await db
    .select({ message: messages, keyWrapped: keys.wrapped })
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(
      and(
        eq(messages.aliasId, aliasId),
        eq(messages.direction, 'in'),
        isNull(messages.trashedAt),
        ne(messages.senderAddress, ''),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row ?? null;
}

/** One message of the alias by id (any direction, trashed or not). */
export async function findAliasMessageRow(db: DbOrTx, aliasId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.aliasId, aliasId), eq(messages.id, messageId)));
  return row ?? null;
}

/** The account's aliases in the trash, most recently changed first (for Restore). */
export async function listTrashedAliases(db: DbOrTx, accountId: number): Promise<AliasRow[]> {
  return db
    .select()
    .from(aliases)
    .where(and(eq(aliases.accountId, accountId), eq(aliases.isTrashed, true)))
    .orderBy(desc(aliases.updatedAt), desc(aliases.id));
}

/** The latest visible messages of a chat alias, both directions, newest first, with their wrapped keys. */
export async function listConversation(db: DbOrTx, aliasId: number, limit: number) {
  return db
    .select({ message: messages, keyWrapped: keys.wrapped })
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(and(eq(messages.aliasId, aliasId), isNull(messages.trashedAt)))
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** Whether the account has written to this address before, from any of its aliases (docs/security.md W21). */
export async function hasWrittenTo(db: DbOrTx, accountId: number, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(aliases, eq(aliases.id, messages.aliasId))
    .where(
      and(
        eq(aliases.accountId, accountId),
        eq(messages.direction, 'out'),
        sql`lower(${messages.recipient}) = ${address.toLowerCase()}`,
      ),
    )
    .limit(1);
  return !!row;
}
