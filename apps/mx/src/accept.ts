import { insertInbound, insertInboundMany, type InboundValues } from '@app/db';
import type { Services } from '@app/runtime';

/** Test seam for SECURITY D1/D2: runs inside the accept transaction, after the INSERT. */
export type BeforeCommitHook = (inboundId: number) => Promise<void>;

/**
 * The durable accept (DESIGN §3.2, SECURITY D1, D8): raw bytes, envelope and recipient aliases are
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
  if (!beforeCommit) return writer ? writer.store(values) : insertInbound(db, values);
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
export class InboundWriter {
  private queue: Array<{ values: InboundValues; resolve: (id: number) => void; reject: (err: unknown) => void }> = [];
  private inFlight = 0;

  constructor(
    private services: Services,
    private maxInFlight = 2,
    private maxBatch = 64,
  ) {}

  store(values: InboundValues): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ values, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async write(batch: typeof this.queue): Promise<void> {
    const { db } = this.services.database;
    try {
      const ids = await insertInboundMany(db, batch.map((b) => b.values));
      batch.forEach((b, i) => b.resolve(ids[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const b of batch) await insertInbound(db, b.values).then(b.resolve, b.reject);
    }
  }
}

/**
 * Queues the ingest job after the commit. Never awaited by the reply: once the row is committed
 * the answer is 250 whatever Redis does, and the worker's sweeper re-queues rows whose job was
 * lost (SECURITY D4). The job id is the inbound id, so a second add of a pending job is a no-op.
 */
export class Enqueuer {
  private pending = new Set<Promise<void>>();

  constructor(private services: Services) {}

  enqueue(inboundId: number): void {
    const p = this.services.queue
      .add('ingest', { inboundId }, { jobId: String(inboundId) })
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
