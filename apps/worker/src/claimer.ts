import { claimInbound, type InboundRow } from '@app/db';
import { batchThenOneByOne, type Services } from '@app/runtime';
import { ingestClaimed } from './ingest';
import type { WorkerOptions } from './options';

/** Batches of one worker in flight at once: one is parsed and sealed while the other commits. */
const MAX_BATCHES = 2;

/**
 * Takes queued inbound rows from Postgres and stores them (docs/architecture.md §3.3). Each batch
 * claims at most `batchSize` rows, the worker holds at most `concurrency` at once, and rows another
 * worker holds are passed over. A wake-up from the mx claims every row that is free; the sweep, on a
 * timer, claims only rows older than `sweepAfterMs`, whose wake-up was lost or whose worker died
 * (docs/security.md D4), so it never races a wake-up for fresh mail.
 */
export class InboundClaimer {
  private batches = new Set<Promise<void>>();
  private held = 0;
  /** A wake-up that came while the worker was full: claimed as soon as a batch ends. */
  private pending: 'all' | 'stale' | null = null;
  private closed = false;

  constructor(
    private services: Services,
    private opts: WorkerOptions,
  ) {}

  /** Claims and stores what waits: every free row, or with `stale` only those older than `sweepAfterMs`. */
  wake(stale = false): void {
    if (this.closed) return;
    const room = Math.min(this.opts.batchSize, this.opts.concurrency - this.held);
    if (this.batches.size >= MAX_BATCHES || room <= 0) {
      if (this.pending !== 'all') this.pending = stale ? 'stale' : 'all';
      return;
    }
    const batch = this.batch(room, stale).finally(() => {
      this.batches.delete(batch);
      const next = this.pending;
      this.pending = null;
      if (next) this.wake(next === 'stale');
    });
    this.batches.add(batch);
  }

  /** Stops claiming and waits for the batches in hand; unclaimed rows wait in Postgres for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.batches.size) await Promise.allSettled([...this.batches]);
  }

  private async batch(room: number, stale: boolean): Promise<void> {
    const { db } = this.services.database;
    let held = room;
    this.held += held;
    try {
      const rows = await claimInbound(db, {
        limit: room,
        leaseMs: this.opts.sweepAfterMs,
        receivedBefore: stale ? new Date(Date.now() - this.opts.sweepAfterMs) : undefined,
      });
      this.held -= held - rows.length;
      held = rows.length;
      // A full batch: more are likely waiting, so the next is claimed while this one is stored.
      if (rows.length === room) this.wake(stale);
      if (rows.length) await this.store(rows);
    } catch (err) {
      this.services.log.warn(
        { component: 'ingest', err: (err as Error).message },
        'claim failed; the sweep takes the rows again',
      );
    } finally {
      this.held -= held;
    }
  }

  /** One transaction for the batch; if it fails, each row alone, so one bad row cannot hold back the others. */
  private store(rows: InboundRow[]): Promise<void> {
    const { log } = this.services;
    return batchThenOneByOne(
      rows,
      async (batch) => {
        const outcome = await ingestClaimed(this.services, batch, this.opts);
        return batch.map((row) => outcome.get(row.id));
      },
      (i, result) => {
        if (result.status === 'rejected')
          log.warn(
            { component: 'ingest', inboundId: rows[i]!.id, err: (result.reason as Error).message },
            'ingest failed; the sweep takes the row again',
          );
      },
      (err) =>
        log.warn(
          { component: 'ingest', err: (err as Error).message, size: rows.length },
          'ingest batch failed; retrying one by one',
        ),
    );
  }
}
