import { insertInbound, insertInboundMany, type InboundValues } from '@app/db';
import { Batcher, enqueueIngestMany, type Services } from '@app/runtime';

export type InboundWriter = Batcher<InboundValues, number>;

/** Test seam for docs/security.md D1/D2: runs inside the accept transaction, after the INSERT. */
export type BeforeCommitHook = (inboundId: number) => Promise<void>;

/**
 * The durable accept (docs/architecture.md §3.2, docs/security.md D1, D8): raw bytes, envelope and recipient aliases are
 * one row, so one INSERT statement is one transaction that commits all of it or nothing. The
 * caller answers 250 only after this resolves. (Postgres runs with synchronous_commit=on, so a
 * resolved COMMIT is flushed to the WAL.)
 */
export async function storeInbound(
  services: Services,
  values: InboundValues,
  beforeCommit?: BeforeCommitHook,
  writer?: InboundWriter,
): Promise<number> {
  const { db } = services.database;
  if (!beforeCommit) return writer ? writer.add(values) : insertInbound(db, values);
  return db.transaction(async (tx) => {
    const id = await insertInbound(tx, values);
    await beforeCommit(id);
    return id;
  });
}

/**
 * Group commit for the accept path: messages whose DATA ends while an INSERT is in flight are
 * written together by the next one (one multi-row statement, one WAL flush). Each caller still
 * resolves only after the commit that holds its row (D1); a failed batch is retried row by row,
 * so one bad row cannot turn the others into 451s.
 */
export function inboundWriter(services: Services): InboundWriter {
  return new Batcher((rows: InboundValues[]) => insertInboundMany(services.database.db, rows), { maxBatch: 64, maxInFlight: 2 });
}

/**
 * Queues the ingest job after the commit. Never awaited by the reply: once the row is committed
 * the answer is 250 whatever Redis does, and the worker's sweeper re-queues rows whose job was
 * lost (docs/security.md D4). The rows of one group commit are answered together, so their jobs
 * are gathered for a millisecond and queued in one round trip.
 */
export class Enqueuer {
  private pending = new Set<Promise<void>>();
  private batcher: Batcher<number, undefined>;

  constructor(private services: Services) {
    this.batcher = new Batcher(async (ids: number[]) => {
      await enqueueIngestMany(services.queue, ids);
      return ids.map(() => undefined);
    }, { maxBatch: 64, waitMs: 1 });
  }

  enqueue(inboundId: number): void {
    const p = this.batcher
      .add(inboundId)
      .catch((err: Error) => this.services.log.warn({ inboundId, err: err.message }, 'enqueue failed; the sweeper will pick it up'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for enqueues in flight, at most `ms` (a dead Redis must not block shutdown). */
  async settle(ms: number): Promise<void> {
    if (!this.pending.size) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.pending]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }
}
