/**
 * Runs `run` on all items in one go (one statement, one transaction); when that fails, on each item
 * alone, so one bad item cannot fail the others. `settle` hears each item's own result as soon as
 * it is known, a lone item's failure included; `onSplit` hears why the whole batch failed, before
 * the items are retried. The mx's group commit and the worker's ingest batches both write this way.
 */
export async function batchThenOneByOne<In, Out>(
  items: In[],
  run: (items: In[]) => Promise<Out[]>,
  settle: (index: number, result: PromiseSettledResult<Out>) => void,
  onSplit?: (err: unknown) => void,
): Promise<void> {
  const whole = await attempt(() => run(items));
  if (whole.status === 'fulfilled') return whole.value.forEach((value, i) => settle(i, { status: 'fulfilled', value }));
  if (items.length === 1) return settle(0, whole);
  onSplit?.(whole.reason);
  for (const [i, item] of items.entries()) {
    const one = await attempt(() => run([item]));
    settle(i, one.status === 'fulfilled' ? { status: 'fulfilled', value: one.value[0]! } : one);
  }
}

async function attempt<T>(work: () => Promise<T>): Promise<PromiseSettledResult<T>> {
  try {
    return { status: 'fulfilled', value: await work() };
  } catch (reason) {
    return { status: 'rejected', reason };
  }
}

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

/**
 * Group commit for the mx's accepts (docs/architecture.md §3.2): items that arrive while a batch is
 * being written go together into the next one (one statement, one commit, one WAL flush), up to
 * `maxBatch`. Each caller resolves with its own result only after the batch that holds it is done;
 * a failed batch is retried item by item (`batchThenOneByOne`).
 */
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
      void batchThenOneByOne(
        batch.map((b) => b.item),
        this.run,
        (i, result) => (result.status === 'fulfilled' ? batch[i]!.resolve(result.value) : batch[i]!.reject(result.reason)),
      ).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }
}
