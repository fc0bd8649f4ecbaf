// The scheduled jobs (docs/architecture.md §3.6): the worker schedules exactly the runtime's table,
// with the configured periods, and leaves out a job whose period is 0.
import { type AddOptions, type JobPayloads, type JobQueue, type Processor, type QueueName, type Services } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../src/index';
import { testServices } from '@app/testing';

/** The real queue, with a record of what the worker asked of it. */
class RecordingQueue implements JobQueue {
  readonly repeats = new Map<QueueName, number>();
  readonly added: string[] = [];
  constructor(private inner: JobQueue) {}
  add<N extends QueueName>(name: N, data: JobPayloads[N], opts?: AddOptions): Promise<void> {
    this.added.push(`${name} ${opts?.jobId ?? ''}`);
    return this.inner.add(name, data, opts);
  }
  process<N extends QueueName>(name: N, processor: Processor<N>, opts?: { concurrency?: number }): void {
    this.inner.process(name, processor, opts);
  }
  repeat<N extends QueueName>(name: N, everyMs: number, data: JobPayloads[N]): Promise<void> {
    this.repeats.set(name, everyMs);
    return this.inner.repeat(name, everyMs, data);
  }
  counts(name: QueueName): Promise<Record<string, number>> {
    return this.inner.counts(name);
  }
  drain(): Promise<void> {
    return this.inner.drain();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

let services: Services;
beforeAll(async () => {
  services = await testServices({ DIGESTS_EVERY_MS: '600000', NOTIFY_EVERY_MS: '30000' });
});
afterAll(async () => {
  await services?.close();
});

describe('scheduled jobs', () => {
  it('schedules every job of the table at its configured period, and none whose period is 0', async () => {
    const queue = new RecordingQueue(services.queue);
    const worker = await startWorker({ ...services, queue }, { everyMs: { retention: 0 } });
    try {
      expect(Object.fromEntries(queue.repeats)).toEqual({ digests: 600_000, notify: 30_000, 'search-index': 300_000 });
      // The search index also runs once at start.
      expect(queue.added).toEqual(['search-index search-index-start']);
    } finally {
      await worker.close();
    }
  });
});
