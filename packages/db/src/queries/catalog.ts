import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { domains, sourceSenders, sources } from '../schema/index';

export type SourceRow = typeof sources.$inferSelect;
export type SourceSenderRow = typeof sourceSenders.$inferSelect;
export type DomainRow = typeof domains.$inferSelect;

export async function listPublicSources(db: DbOrTx): Promise<Array<SourceRow & { senders: SourceSenderRow[] }>> {
  const rows = await db.select().from(sources).where(eq(sources.isPublic, true)).orderBy(asc(sources.label));
  return attachSourceSenders(db, rows);
}

export async function attachSourceSenders(db: DbOrTx, rows: SourceRow[]) {
  if (rows.length === 0) return [];
  const senders = await db
    .select()
    .from(sourceSenders)
    .where(
      inArray(
        sourceSenders.sourceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(sourceSenders.id));
  return rows.map((r) => ({ ...r, senders: senders.filter((s) => s.sourceId === r.id) }));
}

/** The shared domains (no owner) that every account may use. */
export async function listSharedDomains(db: DbOrTx): Promise<DomainRow[]> {
  return db.select().from(domains).where(isNull(domains.ownerId)).orderBy(asc(domains.id));
}
