import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { BullQueue, enqueueOutbox, MemoryQueue, type JobQueue, type QueueName } from './queue';

const log = createLogger('silent');
const redisUrl = process.env.REDIS_URL;
const prefix = () => `test-${randomBytes(4).toString('hex')}`;

type Failed = (queue: QueueName) => void;
const queues: Array<[string, (onFailed?: Failed) => JobQueue]> = [['memory', (onFailed) => new MemoryQueue(log, onFailed)]];
if (redisUrl)
  queues.push(['bullmq', (onFailed) => new BullQueue({ url: redisUrl, maxRetriesPerRequest: null }, log, prefix(), onFailed)]);

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(queues)('%s queue', (_name, make) => {
  let q: JobQueue;
  afterEach(() => q.close());

  it('runs each job once, and retries a failing one until it succeeds, telling of the failure', async () => {
    const failed: QueueName[] = [];
    q = make((queue) => failed.push(queue));
    const seen: number[] = [];
    let failures = 0;
    q.process('outbound', async ({ outboxId }, attempt) => {
      if (outboxId === 2 && attempt === 1) {
        failures++;
        throw new Error('transient');
      }
      seen.push(outboxId);
    });
    for (const id of [1, 2, 3]) await q.add('outbound', { outboxId: id }, { jobId: String(id) });
    await waitFor(() => seen.length === 3);
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect(failures).toBe(1);
    expect(failed).toEqual(['outbound']);
  });

  it('does not add a job whose id is still waiting', async () => {
    q = make();
    await q.add('outbound', { outboxId: 7 }, { jobId: '7' });
    await q.add('outbound', { outboxId: 7 }, { jobId: '7' });
    const seen: number[] = [];
    q.process('outbound', async ({ outboxId }) => {
      seen.push(outboxId);
    });
    await waitFor(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([7]);
  });

  it('job ids: an outbox row queued twice is sent once', async () => {
    q = make();
    await enqueueOutbox(q, 41);
    await enqueueOutbox(q, 41);
    const sent: number[] = [];
    q.process('outbound', async ({ outboxId }) => {
      sent.push(outboxId);
    });
    await waitFor(() => sent.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toEqual([41]);
  });
});

describe('memory queue close', () => {
  it('waits for running jobs but not for waiting ones nobody processes', async () => {
    const q = new MemoryQueue(log);
    let finished = false;
    q.process('outbound', async () => {
      await new Promise((r) => setTimeout(r, 100));
      finished = true;
    });
    await q.add('outbound', { outboxId: 1 });
    await q.add('notify', {}); // no processor registered
    await q.close();
    expect(finished).toBe(true);
  });
});

describe('memory queue drain', () => {
  it('resolves once the work is done, whatever repeat schedules exist', async () => {
    const q = new MemoryQueue(log);
    const seen: number[] = [];
    q.process('outbound', async ({ outboxId }) => {
      seen.push(outboxId);
    });
    await q.repeat('retention', 60_000, {});
    await q.add('outbound', { outboxId: 1 });
    await q.drain();
    expect(seen).toEqual([1]);
    await q.close();
  });
});
