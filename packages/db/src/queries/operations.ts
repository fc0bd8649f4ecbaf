import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { accounts, domains, inbound, keyCheck, keys, outbox, pushKeys } from '../schema/index';

/** Health checks: throws when the database does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The stored proof of the master key (docs/security.md AR5); null before the first start of this release. */
export async function findKeyCheck(db: DbOrTx): Promise<Buffer | null> {
  const [row] = await db.select({ mac: keyCheck.mac }).from(keyCheck).where(eq(keyCheck.id, 1));
  return row?.mac ?? null;
}

/** Writes the proof unless one exists (two processes starting at once); true when this one wrote it. */
export async function insertKeyCheck(db: DbOrTx, mac: Buffer): Promise<boolean> {
  const rows = await db.insert(keyCheck).values({ id: 1, mac }).onConflictDoNothing().returning({ id: keyCheck.id });
  return rows.length === 1;
}

/** Replaces the proof, in the rotation's transaction. */
export async function setKeyCheck(db: DbOrTx, mac: Buffer): Promise<void> {
  await db
    .insert(keyCheck)
    .values({ id: 1, mac })
    .onConflictDoUpdate({ target: keyCheck.id, set: { mac, updatedAt: sql`now()` } });
}

/** One kind of value sealed directly under the master key. */
export interface MasterWrapped {
  /** What it is, for the operator's output. */
  what: string;
  /** Rows to re-wrap; called inside the rotation's transaction, rows locked until it commits. */
  list(db: DbOrTx): Promise<Array<{ id: number; wrapped: Buffer }>>;
  update(db: DbOrTx, id: number, wrapped: Buffer): Promise<void>;
}

/** Rows of the keys table that a column points at and that the master key wraps directly. */
function keysReferencedBy(what: string, column: AnyPgColumn & { table: PgTable }): MasterWrapped {
  return {
    what,
    list: (db) =>
      db
        .select({ id: keys.id, wrapped: keys.wrapped })
        .from(keys)
        .where(
          inArray(
            keys.id,
            db
              .select({ id: sql<number>`${column}` })
              .from(column.table)
              .where(isNotNull(column)),
          ),
        )
        .for('update'),
    update: async (db, id, wrapped) => {
      await db.update(keys).set({ wrapped }).where(eq(keys.id, id));
    },
  };
}

/**
 * EVERY value wrapped by the master key, in one place: `rotate-master-key` re-wraps each of these
 * and nothing else, so a new master-wrapped column must be added here or it becomes unreadable
 * after a rotation.
 */
export const MASTER_WRAPPED: MasterWrapped[] = [
  keysReferencedBy('account keys', accounts.keyId),
  keysReferencedBy('DKIM signing keys', domains.dkimKeyId),
  keysReferencedBy('Web Push signing key', pushKeys.keyId),
  {
    what: 'keys of received mail not yet stored',
    list: async (db) =>
      (
        await db.select({ id: inbound.id, wrapped: inbound.rawKey }).from(inbound).where(isNotNull(inbound.rawKey)).for('update')
      ).map((r) => ({ id: r.id, wrapped: r.wrapped! })),
    update: async (db, id, wrapped) => {
      await db.update(inbound).set({ rawKey: wrapped }).where(eq(inbound.id, id));
    },
  },
  {
    what: 'keys of outbound mail not yet sent',
    list: async (db) =>
      (
        await db
          .select({ id: outbox.id, wrapped: outbox.contentKey })
          .from(outbox)
          .where(isNotNull(outbox.contentKey))
          .for('update')
      ).map((r) => ({ id: r.id, wrapped: r.wrapped! })),
    update: async (db, id, wrapped) => {
      await db.update(outbox).set({ contentKey: wrapped }).where(eq(outbox.id, id));
    },
  },
];
