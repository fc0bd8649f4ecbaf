import { describe, expect, it } from 'vitest';
import { Batcher, batchThenOneByOne } from './batcher';

/** A writer whose batches finish only when the test says so, recording what each batch held. */
function gatedWriter() {
  const batches: number[][] = [];
  const gates: Array<() => void> = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (items.includes(13) && items.length > 1) throw new Error('batch refused');
    if (items.length === 1 && items[0] === 13) throw new Error('13 refused');
    return items.map((i) => i * 10);
  };
  /** Lets every write in flight finish, once at least one is. */
  const openAll = async () => {
    while (!gates.length) await new Promise((r) => setTimeout(r, 1));
    gates.splice(0).forEach((g) => g());
  };
  return { batches, run, openAll, gates };
}

describe('Batcher (group commit)', () => {
  it('writes items that arrive during a write together in the next batch, each caller getting its own result', async () => {
    const w = gatedWriter();
    const b = new Batcher(w.run, { maxBatch: 64, maxInFlight: 1 });
    const first = b.add(1);
    const later = [b.add(2), b.add(3), b.add(4)];
    await w.openAll();
    expect(await first).toBe(10);
    await w.openAll();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(w.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('a batch that fails is retried item by item: only the bad item fails', async () => {
    const w = gatedWriter();
    const b = new Batcher(w.run, { maxBatch: 64, maxInFlight: 1 });
    const blocker = b.add(0);
    const results = [12, 13, 14].map((i) =>
      b.add(i).then(
        (v) => ({ ok: v }),
        (err: Error) => ({ err: err.message }),
      ),
    );
    for (let i = 0; i < 5; i++) await w.openAll();
    await blocker;
    expect(await Promise.all(results)).toEqual([{ ok: 120 }, { err: '13 refused' }, { ok: 140 }]);
    expect(w.batches).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });
});

describe('batchThenOneByOne (the group commit and the ingest batches)', () => {
  let calls: number[][] = [];
  const run = async (items: number[]) => {
    calls.push(items);
    if (items.includes(13)) throw new Error(items.length > 1 ? 'batch refused' : '13 refused');
    return items.map((i) => i * 10);
  };
  const collect = async (items: number[]) => {
    calls = [];
    const settled: Array<[number, PromiseSettledResult<number>]> = [];
    const splits: string[] = [];
    await batchThenOneByOne(
      items,
      run,
      (i, r) => settled.push([i, r]),
      (err) => splits.push((err as Error).message),
    );
    return { settled, splits, calls };
  };

  it('settles every item from one run when the batch succeeds', async () => {
    const { settled, splits, calls } = await collect([1, 2]);
    expect(calls).toEqual([[1, 2]]);
    expect(splits).toEqual([]);
    expect(settled).toEqual([
      [0, { status: 'fulfilled', value: 10 }],
      [1, { status: 'fulfilled', value: 20 }],
    ]);
  });

  it('after a failed batch, runs each item alone and fails only the bad one', async () => {
    const { settled, splits, calls } = await collect([12, 13, 14]);
    expect(splits).toEqual(['batch refused']);
    expect(calls).toEqual([[12, 13, 14], [12], [13], [14]]);
    expect(settled.map(([i, r]) => [i, r.status === 'fulfilled' ? r.value : (r.reason as Error).message])).toEqual([
      [0, 120],
      [1, '13 refused'],
      [2, 140],
    ]);
  });

  it('fails a lone item at once, without running it twice', async () => {
    const { settled, splits, calls } = await collect([13]);
    expect(calls).toEqual([[13]]);
    expect(splits).toEqual([]);
    expect(settled.map(([i, r]) => [i, r.status])).toEqual([[0, 'rejected']]);
  });

  it('treats a run that throws before it returns a promise as a failed run', async () => {
    const settled: string[] = [];
    const throwsAtOnce = (items: number[]): Promise<number[]> => {
      if (items.length > 1) throw new Error('no batch');
      return Promise.resolve(items);
    };
    await batchThenOneByOne([1, 2], throwsAtOnce, (_, r) => settled.push(r.status));
    expect(settled).toEqual(['fulfilled', 'fulfilled']);
  });
});
