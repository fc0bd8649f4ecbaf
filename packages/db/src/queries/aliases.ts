import type { SpamMode } from '@app/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../client';
import { insertRows, type RawColumn } from '../raw';
import {
  accounts,
  aliasSenders,
  aliases,
  blocks,
  domains,
  keys,
  messages,
  sourceSenders,
  sources,
  type aliasLogs,
} from '../schema/index';
import type { BlockMatchRule } from './blocks';
import { attachSourceSenders, type SourceRow, type SourceSenderRow } from './catalog';
import { summaryColumns, type MessageSummaryRow } from './messages';

export type AliasRow = typeof aliases.$inferSelect;
export type AliasSenderRow = typeof aliasSenders.$inferSelect;
export type AliasLogValues = typeof aliasLogs.$inferInsert;

/** What the mx needs at RCPT time (docs/architecture.md §3.1). */
export interface DeliveryTarget {
  id: number;
  accountId: number;
  isActive: boolean;
  isTrashed: boolean;
  isWhitelisted: boolean;
  expiresAt: Date | null;
  maxMessages: number | null;
  limitCount: number;
  /** What mail scored as spam does here: the alias's mode, else its account's. */
  spamMode: SpamMode;
  /** Alias senders and source senders, only loaded for a whitelisted alias. */
  senders: string[];
  sourceSenders: string[];
  /** The block rules that cover the alias: its own and its account's (docs/product.md §3 Blocked senders). */
  blocks: BlockMatchRule[];
}

/** Prepared: the mx asks it at every RCPT TO. */
const deliveryTarget = prepared((db) =>
  db
    .select({
      id: aliases.id,
      accountId: aliases.accountId,
      isActive: aliases.isActive,
      isTrashed: aliases.isTrashed,
      isWhitelisted: aliases.isWhitelisted,
      expiresAt: aliases.expiresAt,
      maxMessages: aliases.maxMessages,
      limitCount: aliases.limitCount,
      sourceId: aliases.sourceId,
      // The alias's own spam mode, else its account's (docs/spam.md).
      spamMode: sql<SpamMode>`coalesce(${aliases.spamMode}, ${accounts.spamMode})`,
      // In the same round trip: the RCPT check refuses a blocked envelope sender before any data.
      blocks: sql<
        BlockMatchRule[]
      >`(select coalesce(json_agg(json_build_object('id', ${blocks.id}, 'kind', ${blocks.kind}, 'value', ${blocks.value}) order by ${blocks.id}), '[]'::json) from ${blocks} where ${blocks.accountId} = ${aliases.accountId} and (${blocks.aliasId} is null or ${blocks.aliasId} = ${aliases.id}))`,
    })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .innerJoin(accounts, eq(accounts.id, aliases.accountId))
    .where(
      and(
        eq(aliases.handle, sql.placeholder('handle')),
        eq(domains.name, sql.placeholder('domain')),
        or(isNull(domains.ownerId), isNotNull(domains.verifiedAt)),
        isNull(accounts.suspendedAt),
      ),
    )
    .prepare('find_delivery_target'),
);

/**
 * The alias for `handle@domain` on a served domain (the shared one, or a verified personal one)
 * of an account that is not suspended; null when there is none. `handle` and `domain` must be
 * lower-case already.
 */
export async function findDeliveryTarget(db: DbOrTx, handle: string, domain: string): Promise<DeliveryTarget | null> {
  const [row] = await deliveryTarget(db).execute({ handle, domain });
  if (!row) return null;
  const { sourceId, ...target } = row;
  if (!row.isWhitelisted) return { ...target, senders: [], sourceSenders: [] };
  const senders = await db.select({ address: aliasSenders.address }).from(aliasSenders).where(eq(aliasSenders.aliasId, row.id));
  const fromSource = sourceId
    ? await db.select({ address: sourceSenders.address }).from(sourceSenders).where(eq(sourceSenders.sourceId, sourceId))
    : [];
  return { ...target, senders: senders.map((s) => s.address), sourceSenders: fromSource.map((s) => s.address) };
}

export async function findAliasById(db: DbOrTx, id: number): Promise<AliasRow | null> {
  const [row] = await db.select().from(aliases).where(eq(aliases.id, id));
  return row ?? null;
}

/** Rows for ingest: each alias with its address, in id order. Gone aliases are simply absent. */
export async function findAliasesForIngest(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ alias: aliases, domain: domains.name })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(inArray(aliases.id, ids))
    .orderBy(asc(aliases.id));
}

export interface AliasWithDomain {
  alias: AliasRow;
  domain: string;
}

/** The alias with its domain name when it belongs to the account, else null (a missing and a foreign alias look alike). */
const accountAliasWithDomain = prepared((db) =>
  db
    .select({ alias: aliases, domain: domains.name })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(and(eq(aliases.id, sql.placeholder('aliasId')), eq(aliases.accountId, sql.placeholder('accountId'))))
    .prepare('find_account_alias_with_domain'),
);

export async function findAccountAliasWithDomain(
  db: DbOrTx,
  accountId: number,
  aliasId: number,
): Promise<AliasWithDomain | null> {
  const [row] = await accountAliasWithDomain(db).execute({ accountId, aliasId });
  return row ?? null;
}

/** The account's aliases that are not trashed, most recent activity first. */
export async function listAccountAliases(db: DbOrTx, accountId: number): Promise<AliasWithDomain[]> {
  return db
    .select({ alias: aliases, domain: domains.name })
    .from(aliases)
    .innerJoin(domains, eq(domains.id, aliases.domainId))
    .where(and(eq(aliases.accountId, accountId), eq(aliases.isTrashed, false)))
    .orderBy(desc(sql`greatest(${aliases.contactedAt}, ${aliases.createdAt})`), desc(aliases.id));
}

/** The newest visible message of each alias, with its key for opening the subject. */
export async function findLastMessages(db: DbOrTx, aliasIds: number[]): Promise<MessageSummaryRow[]> {
  if (!aliasIds.length) return [];
  return db
    .selectDistinctOn([messages.aliasId], summaryColumns)
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(and(inArray(messages.aliasId, aliasIds), isNull(messages.trashedAt)))
    .orderBy(messages.aliasId, desc(messages.id));
}

export interface NewAlias {
  accountId: number;
  domainId: number;
  handle: string;
  keyId: number;
  label?: string | null;
  icon?: string | null;
  specialty?: string | null;
  lifespan?: number | null;
  /** The site the alias was made for, when the creator named one (docs/product.md §3 Alias, origin). */
  origin?: string | null;
  /** Unset: shared unless an origin is named (and never for a chat: always shared). */
  sharedSenders?: boolean;
}

/** Inserts an alias; a taken handle on the domain throws a unique violation. */
export async function insertAlias(db: DbOrTx, values: NewAlias): Promise<AliasRow> {
  // Without a site named at creation, or for a chat, the first senders are not known to be one
  // organisation: such an alias starts shared and never cries leak until its owner says otherwise.
  const sharedSenders = values.sharedSenders ?? (!values.origin || values.specialty === 'chat');
  const [row] = await db
    .insert(aliases)
    .values({ ...values, sharedSenders, handle: values.handle.toLowerCase() })
    .returning();
  return row!;
}

/** New messages arrived: counters up by `n` and `contacted` now (in the ingest transaction). */
export async function bumpAliasForDelivery(
  db: DbOrTx,
  aliasId: number,
  at: Date,
  n = 1,
): Promise<{ unreadCount: number; totalCount: number } | null> {
  const [row] = await db
    .update(aliases)
    .set({
      unreadCount: sql`${aliases.unreadCount} + ${n}`,
      totalCount: sql`${aliases.totalCount} + ${n}`,
      limitCount: sql`${aliases.limitCount} + ${n}`,
      contactedAt: at,
    })
    .where(eq(aliases.id, aliasId))
    .returning({ unreadCount: aliases.unreadCount, totalCount: aliases.totalCount });
  return row ?? null;
}

/**
 * What ingest learned about whom the alias was given to (docs/product.md §3 Alias): the origin,
 * kept only when none is set yet, and mail from another organisation, counted on the leak that is
 * already open or opening a new one.
 */
export async function recordAliasOrigin(
  db: DbOrTx,
  aliasId: number,
  learned: { origin: string | null; leak: { domain: string; at: Date; n: number } | null },
): Promise<void> {
  const { origin, leak } = learned;
  if (origin === null && leak === null) return;
  await db
    .update(aliases)
    .set({
      ...(origin !== null ? { origin: sql`coalesce(${aliases.origin}, ${origin})` } : {}),
      ...(leak
        ? {
            leakDomain: sql`coalesce(${aliases.leakDomain}, ${leak.domain})`,
            leakFirstSeen: sql`coalesce(${aliases.leakFirstSeen}, ${leak.at})`,
            leakCount: sql`${aliases.leakCount} + ${leak.n}`,
          }
        : {}),
    })
    .where(eq(aliases.id, aliasId));
}

/** Moves the counters by deltas (never below zero). */
export async function adjustAliasCounters(
  db: DbOrTx,
  aliasId: number,
  delta: { unread?: number; total?: number },
): Promise<{ unreadCount: number; totalCount: number } | null> {
  const [row] = await db
    .update(aliases)
    .set({
      unreadCount: sql`greatest(0, ${aliases.unreadCount} + ${delta.unread ?? 0})`,
      totalCount: sql`greatest(0, ${aliases.totalCount} + ${delta.total ?? 0})`,
    })
    .where(eq(aliases.id, aliasId))
    .returning({ unreadCount: aliases.unreadCount, totalCount: aliases.totalCount });
  return row ?? null;
}

/** Recounts from the messages themselves (after bulk deletes such as retention). */
export async function recountAliasCounters(db: DbOrTx, aliasIds: number[]): Promise<void> {
  if (!aliasIds.length) return;
  await db
    .update(aliases)
    .set({
      unreadCount: sql`(select count(*)::int from ${messages} m where m.alias_id = ${aliases.id} and m.trashed_at is null and m.opened_at is null and m.direction = 'in')`,
      totalCount: sql`(select count(*)::int from ${messages} m where m.alias_id = ${aliases.id} and m.trashed_at is null)`,
    })
    .where(inArray(aliases.id, aliasIds));
}

/** `accessed` is written at most once a minute per alias: no row churn on reloads. */
const ACCESSED_RESOLUTION_MS = 60_000;

/** Whether an alias's `accessed` (as read with the alias) is old enough to be written again. */
export const accessedStale = (accessedAt: Date | null): boolean =>
  !accessedAt || Date.now() - accessedAt.getTime() >= ACCESSED_RESOLUTION_MS;

/** Records that the owner opened the alias (at most once a minute; see above). */
export async function touchAliasAccessed(db: DbOrTx, aliasId: number): Promise<void> {
  const now = new Date();
  await db
    .update(aliases)
    .set({ accessedAt: now })
    .where(
      and(
        eq(aliases.id, aliasId),
        or(isNull(aliases.accessedAt), lt(aliases.accessedAt, new Date(now.getTime() - ACCESSED_RESOLUTION_MS))),
      ),
    );
}

/** Activity entries (docs/product.md §3 alias log): API changes and SMTP accept/refuse events. */
const ALIAS_LOG_COLUMNS: Array<RawColumn<AliasLogValues>> = [
  { name: 'alias_id', get: (l) => l.aliasId },
  { name: 'user_id', get: (l) => l.userId },
  { name: 'method', get: (l) => l.method },
  { name: 'endpoint', get: (l) => l.endpoint },
  { name: 'status', get: (l) => l.status },
  { name: 'detail', get: (l) => l.detail },
  { name: 'created', get: (l) => l.created, type: 'timestamptz' },
];

/** Many log entries in one plain INSERT (the mail path writes one per delivered message). */
export async function insertAliasLogs(db: DbOrTx, rows: AliasLogValues[]): Promise<void> {
  if (rows.length) await insertRows(db, 'alias_logs', ALIAS_LOG_COLUMNS, rows);
}

/** What the alias serializer needs beside the rows: domain names, senders, sources (3 queries). */
export async function loadAliasRelations(db: DbOrTx, rows: AliasRow[]) {
  const ids = rows.map((r) => r.id);
  const domainIds = [...new Set(rows.map((r) => r.domainId))];
  const sourceIds = [...new Set(rows.map((r) => r.sourceId).filter((x): x is number => x !== null))];
  const [domainRows, senderRows, sourceRows] = await Promise.all([
    domainIds.length ? db.select({ id: domains.id, name: domains.name }).from(domains).where(inArray(domains.id, domainIds)) : [],
    ids.length ? db.select().from(aliasSenders).where(inArray(aliasSenders.aliasId, ids)).orderBy(asc(aliasSenders.id)) : [],
    sourceIds.length ? db.select().from(sources).where(inArray(sources.id, sourceIds)) : [],
  ]);
  const withSenders = await attachSourceSenders(db, sourceRows);
  const senders = new Map<number, AliasSenderRow[]>();
  for (const s of senderRows) senders.set(s.aliasId, [...(senders.get(s.aliasId) ?? []), s]);
  return {
    domains: new Map(domainRows.map((d) => [d.id, d.name])),
    senders,
    sources: new Map<number, SourceRow & { senders: SourceSenderRow[] }>(withSenders.map((s) => [s.id, s])),
  };
}
