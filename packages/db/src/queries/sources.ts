import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sourceSenders, sources } from '../schema/index';
import { attachSourceSenders, type SourceRow, type SourceSenderRow } from './catalog';

export type SourceWithSenders = SourceRow & { senders: SourceSenderRow[] };
export type SourceValues = Partial<
  Pick<SourceRow, 'handle' | 'label' | 'icon' | 'avatar' | 'color' | 'url' | 'rules' | 'isPublic' | 'userId'>
>;

/** Every source, public or not (admin). */
export async function listAllSources(db: DbOrTx): Promise<SourceWithSenders[]> {
  const rows = await db.select().from(sources).orderBy(asc(sources.label), asc(sources.id));
  return attachSourceSenders(db, rows);
}

export async function findSourceById(db: DbOrTx, id: number): Promise<SourceWithSenders | null> {
  const rows = await db.select().from(sources).where(eq(sources.id, id));
  const [row] = await attachSourceSenders(db, rows);
  return row ?? null;
}

async function replaceSenders(db: DbOrTx, sourceId: number, senders: string[]): Promise<void> {
  await db.delete(sourceSenders).where(eq(sourceSenders.sourceId, sourceId));
  const unique = [...new Set(senders)];
  if (unique.length) await db.insert(sourceSenders).values(unique.map((address) => ({ sourceId, address })));
}

/** Creates a source with its sender patterns; a taken handle throws a unique violation. */
export async function insertSource(
  db: DbOrTx,
  values: SourceValues & { handle: string; label: string },
  senders: string[],
): Promise<SourceWithSenders> {
  const [row] = await db.insert(sources).values(values).returning();
  await replaceSenders(db, row!.id, senders);
  return (await findSourceById(db, row!.id))!;
}

/** Updates the given fields; `senders` (when given) replaces the whole list. */
export async function updateSource(
  db: DbOrTx,
  id: number,
  values: SourceValues,
  senders?: string[],
): Promise<SourceWithSenders | null> {
  if (Object.keys(values).length) {
    const rows = await db.update(sources).set(values).where(eq(sources.id, id)).returning({ id: sources.id });
    if (!rows.length) return null;
  }
  if (senders) {
    if (!(await findSourceById(db, id))) return null;
    await replaceSenders(db, id, senders);
  }
  return findSourceById(db, id);
}

export async function deleteSource(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
  return rows.length > 0;
}
