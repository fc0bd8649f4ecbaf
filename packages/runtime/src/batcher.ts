/**
 * Group commit for the mail path (docs/architecture.md §7): items that arrive while a batch is being written go
 * together into the next one (one statement, one commit, one WAL flush), up to `maxBatch`. With
 * `waitMs`, the first item of a batch waits that long for others. Each caller resolves with its
 * own result only after the batch that holds it is done; a batch that fails as a whole is retried
 * item by item, so one bad item cannot fail the others.
 */
export interface BatcherOptions {
  maxBatch: number;
  /** Batches written at the same time. */
  maxInFlight?: number;
  /** How long the first item waits for company; 0 writes at once. */
  waitMs?: number;
  onBatchError?: (err: unknown, size: number) => void;
}

interface Pending<In, Out> {
  item: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

export class Batcher<In, Out> {
  private pending: Array<Pending<In, Out>> = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;

  /** `run` returns one result per item, in the order given. */
  constructor(
    private run: (items: In[]) => Promise<Out[]>,
    private opts: BatcherOptions,
  ) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.opts.waitMs && this.pending.length < this.opts.maxBatch) this.timer ??= setTimeout(() => this.pump(), this.opts.waitMs);
      else this.pump();
    });
  }

  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight < (this.opts.maxInFlight ?? Infinity) && this.pending.length) {
      const batch = this.pending.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async write(batch: Array<Pending<In, Out>>): Promise<void> {
    try {
      const out = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(out[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      this.opts.onBatchError?.(err, batch.length);
      for (const b of batch) await this.run([b.item]).then((out) => b.resolve(out[0]!), b.reject);
    }
  }
}
