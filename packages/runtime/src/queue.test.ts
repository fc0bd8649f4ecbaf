import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { BullQueue, enqueueIngest, enqueueIngestMany, enqueueOutbox, MemoryQueue, type JobQueue } from './queue';

const log = createLogger('silent');
const redisUrl = process.env.REDIS_URL;
const prefix = () => `test-${randomBytes(4).toString('hex')}`;

const queues: Array<[string, () => JobQueue]> = [['memory', () => new MemoryQueue(log)]];
if (redisUrl) queues.push(['bullmq', () => new BullQueue({ url: redisUrl, maxRetriesPerRequest: null }, log, prefix())]);

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

  it('runs each job once, and retries a failing one until it succeeds', async () => {
    q = make();
    const seen: number[] = [];
    let failures = 0;
    q.process('ingest', async ({ inboundId }, attempt) => {
      if (inboundId === 2 && attempt === 1) {
        failures++;
        throw new Error('transient');
      }
      seen.push(inboundId);
    });
    for (const id of [1, 2, 3]) await q.add('ingest', { inboundId: id }, { jobId: String(id) });
    await waitFor(() => seen.length === 3);
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect(failures).toBe(1);
  });

  it('does not add a job whose id is still waiting', async () => {
    q = make();
    await q.add('ingest', { inboundId: 7 }, { jobId: '7' });
    await q.add('ingest', { inboundId: 7 }, { jobId: '7' });
    const seen: number[] = [];
    q.process('ingest', async ({ inboundId }) => {
      seen.push(inboundId);
    });
    await waitFor(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([7]);
  });

  it('job ids: a row queued twice runs once; a sweeper re-queue runs again; outbox jobs likewise', async () => {
    q = make();
    await enqueueIngest(q, 41);
    await enqueueIngest(q, 41);
    await enqueueIngest(q, 41, 'sweep1');
    await enqueueOutbox(q, 41);
    await enqueueOutbox(q, 41);
    const ingested: number[] = [];
    const sent: number[] = [];
    q.process('ingest', async ({ inboundId }) => {
      ingested.push(inboundId);
    });
    q.process('outbound', async ({ outboxId }) => {
      sent.push(outboxId);
    });
    await waitFor(() => ingested.length >= 2 && sent.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(ingested).toEqual([41, 41]);
    expect(sent).toEqual([41]);
  });

  it('queues several rows at once, each once, a row already waiting not again', async () => {
    q = make();
    await enqueueIngest(q, 51);
    await enqueueIngestMany(q, [51, 52, 53]);
    await enqueueIngestMany(q, []);
    const ingested: number[] = [];
    q.process('ingest', async ({ inboundId }) => {
      ingested.push(inboundId);
    });
    await waitFor(() => ingested.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(ingested.sort()).toEqual([51, 52, 53]);
  });
});

describe('memory queue close', () => {
  it('waits for running jobs but not for waiting ones nobody processes', async () => {
    const q = new MemoryQueue(log);
    let finished = false;
    q.process('ingest', async () => {
      await new Promise((r) => setTimeout(r, 100));
      finished = true;
    });
    await q.add('ingest', { inboundId: 1 });
    await q.add('outbound', { outboxId: 1 }); // no processor registered
    await q.close();
    expect(finished).toBe(true);
  });
});

describe('memory queue drain', () => {
  it('resolves once the work is done, whatever repeat schedules exist', async () => {
    const q = new MemoryQueue(log);
    const seen: number[] = [];
    q.process('ingest', async ({ inboundId }) => {
      seen.push(inboundId);
    });
    await q.repeat('retention', 60_000, {});
    await q.add('ingest', { inboundId: 1 });
    await q.drain();
    expect(seen).toEqual([1]);
    await q.close();
  });
});
