import { insertInbound, insertInboundMany, type InboundValues } from '@app/db';
import { Batcher, type Services } from '@app/runtime';

export type InboundWriter = Batcher<InboundValues, number>;

/**
 * The durable accept (docs/architecture.md §3.2, docs/security.md D1, D8): raw bytes, envelope and recipient aliases are
 * one row, so one INSERT statement is one transaction that commits all of it or nothing. The
 * caller answers 250 only after this resolves. (Postgres runs with synchronous_commit=on, so a
 * resolved COMMIT is flushed to the WAL.) A test's fault seam (`services.faults`) gets the row's
 * own transaction, outside the group commit.
 */
export async function storeInbound(services: Services, values: InboundValues, writer: InboundWriter): Promise<number> {
  const beforeCommit = services.faults?.beforeInboundCommit;
  if (!beforeCommit) return writer.add(values);
  return services.database.db.transaction(async (tx) => {
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

/** The shortest time between two wake-ups of one mx: mail committed meanwhile waits for the next. */
const WAKE_GAP_MS = 10;

/**
 * Wakes the workers after a commit (docs/architecture.md §3.3). Never awaited by the reply: once the
 * row is committed the answer is 250 whatever Redis does, and the workers' sweeps find rows whose
 * wake-up was lost (docs/security.md D4). The first commit after a quiet spell wakes them at once;
 * under a stream of mail one wake-up every WAKE_GAP_MS covers every commit in between, since a
 * worker claims all it can and, while it is full, claims on by itself.
 */
export class WakeUp {
  private sending: Promise<void> | null = null;
  private gap: NodeJS.Timeout | null = null;
  private owed = false;

  constructor(private services: Services) {}

  ring(): void {
    if (this.sending || this.gap) this.owed = true;
    else this.send();
  }

  /** Sends what is owed now and waits for it, at most `ms` (a dead Redis must not block shutdown). */
  async settle(ms: number): Promise<void> {
    const end = Date.now() + ms;
    for (;;) {
      if (this.gap) clearTimeout(this.gap);
      this.gap = null;
      if (this.owed && !this.sending) {
        this.owed = false;
        this.send();
      }
      const left = end - Date.now();
      if (!this.sending || left <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  }

  private send(): void {
    this.sending = this.services.events
      .inboundQueued()
      .catch((err: Error) => this.services.log.warn({ err: err.message }, 'wake-up not sent; the workers will sweep the rows'))
      .finally(() => {
        this.sending = null;
        this.gap = setTimeout(() => {
          this.gap = null;
          if (this.owed) {
            this.owed = false;
            this.send();
          }
        }, WAKE_GAP_MS);
        this.gap.unref();
      });
  }
}
