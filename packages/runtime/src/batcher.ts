/**
 * Group commit for the mx's accepts (docs/architecture.md §3.2): items that arrive while a batch is
 * being written go together into the next one (one statement, one commit, one WAL flush), up to
 * `maxBatch`. Each caller resolves with its own result only after the batch that holds it is done;
 * a batch that fails as a whole is retried item by item, so one bad item cannot fail the others.
 */
export interface BatcherOptions {
  maxBatch: number;
  /** Batches written at the same time. */
  maxInFlight?: number;
}

interface Pending<In, Out> {
  item: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

export class Batcher<In, Out> {
  private pending: Array<Pending<In, Out>> = [];
  private inFlight = 0;

  /** `run` returns one result per item, in the order given. */
  constructor(
    private run: (items: In[]) => Promise<Out[]>,
    private opts: BatcherOptions,
  ) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
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
      for (const b of batch) await this.run([b.item]).then((out) => b.resolve(out[0]!), b.reject);
    }
  }
}
