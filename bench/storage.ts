/**
 * What one stored message costs on disk (docs/scaling.md): rows and bytes (heap, indexes and
 * TOAST, from pg_total_relation_size) of the tables the mail path writes, per stored message.
 */
import type { Services } from '@app/runtime';
import { sql } from 'drizzle-orm';

/** The tables a stored message adds rows to (inbound: the staging row of its accepted copy). */
const TABLES = ['messages', 'message_terms', 'keys', 'attachments', 'inbound', 'notify_pending'] as const;

export interface StorageFigure {
  messages: number;
  /** Per table: rows and bytes per stored message. */
  tables: Array<{ table: string; rowsPerMessage: number; bytesPerMessage: number }>;
  bytesPerMessage: number;
  /** Disk for a million messages, in GB (10^9 bytes), at the same mix. */
  gbPerMillion: number;
}

export async function storagePerMessage(db: Services['database']['db']): Promise<StorageFigure> {
  const count = async (table: string) => {
    const { rows } = (await db.execute(
      sql`select count(*)::bigint as n, pg_total_relation_size(${table}::regclass)::bigint as bytes from ${sql.identifier(table)}`,
    )) as unknown as { rows: Array<{ n: string | number; bytes: string | number }> };
    return { rows: Number(rows[0]!.n), bytes: Number(rows[0]!.bytes) };
  };
  const messages = (await count('messages')).rows;
  const tables = [];
  for (const table of TABLES) {
    const { rows, bytes } = await count(table);
    tables.push({ table, rowsPerMessage: rows / Math.max(1, messages), bytesPerMessage: bytes / Math.max(1, messages) });
  }
  const bytesPerMessage = tables.reduce((s, t) => s + t.bytesPerMessage, 0);
  return { messages, tables, bytesPerMessage, gbPerMillion: (bytesPerMessage * 1e6) / 1e9 };
}
