import type { Services } from '@app/runtime';
import { runDigests, runExpiryNotices } from './digests';
import { runNotifications } from './notify';
import { ingestBatcher } from './ingest';
import { workerOptions, type WorkerOptions } from './options';
import { startOutbound } from './outbound';
import { runRetention } from './retention';
import { runSearchIndex } from './search-index';
import { sweepInbound } from './sweeper';

export { ingestBatch, ingestBatcher, ingestInbound } from './ingest';
export { runRetention } from './retention';
export { runDigests, runExpiryNotices } from './digests';
export { runNotifications } from './notify';
export { runSearchIndex } from './search-index';
export { sweepInbound } from './sweeper';
export { deliverOutbox, startOutbound } from './outbound';
export { workerOptions, type WorkerOptions } from './options';

/** How often messages stored without search terms (outgoing chat messages, say) are indexed. */
const SEARCH_INDEX_EVERY_MS = 5 * 60_000;

export interface WorkerHandle {
  /** Runs one sweep now (also runs at start and every sweepEveryMs). */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the job processors of this process: ingest, the sweeper, retention, digests, notifications,
 * the search index of older mail and outbound mail.
 *
 * The sweeper runs on a timer in every worker process rather than as a BullMQ repeatable job:
 * its purpose is to recover from a lost Redis, and a repeatable job lives in Redis too.
 */
export async function startWorker(services: Services, options: Partial<WorkerOptions> = {}): Promise<WorkerHandle> {
  const opts: WorkerOptions = { ...workerOptions(services.config), ...options };
  const log = services.log.child({ component: 'worker' });

  // Jobs running at the same time are stored together, one transaction per batch.
  const batcher = ingestBatcher(services, opts, opts.batchSize);
  services.queue.process('ingest', async ({ inboundId }, attempt) => {
    await batcher.add({ id: inboundId, attempt });
  }, { concurrency: opts.concurrency });

  if (opts.retentionEveryMs > 0) {
    services.queue.process('retention', async () => {
      await runRetention(services);
    }, { concurrency: 1 });
    await services.queue.repeat('retention', opts.retentionEveryMs, {});
  }

  if (opts.digestsEveryMs > 0) {
    services.queue.process('digests', async () => {
      await runDigests(services);
      await runExpiryNotices(services);
    }, { concurrency: 1 });
    await services.queue.repeat('digests', opts.digestsEveryMs, {});
  }

  if (opts.notifyEveryMs > 0) {
    services.queue.process('notify', async () => {
      await runNotifications(services);
    }, { concurrency: 1 });
    await services.queue.repeat('notify', opts.notifyEveryMs, {});
  }
  // Messages without search terms (stored before search, or outside ingest) are indexed at start
  // and then now and again; a run finds nothing to do once all are indexed.
  services.queue.process('search-index', async () => {
    await runSearchIndex(services);
  }, { concurrency: 1 });
  await services.queue.add('search-index', {}, { jobId: 'search-index-start' });
  await services.queue.repeat('search-index', SEARCH_INDEX_EVERY_MS, {});

  const outbound = startOutbound(services);

  let sweeping: Promise<number> | null = null;
  const sweep = () => {
    // One sweep at a time per process; a slow database must not stack them up.
    sweeping ??= sweepInbound(services, opts)
      .catch((err: Error) => {
        log.warn({ err: err.message }, 'sweep failed');
        return 0;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), opts.sweepEveryMs);
  timer.unref();

  log.info({ concurrency: opts.concurrency, sweepEveryMs: opts.sweepEveryMs, sweepAfterMs: opts.sweepAfterMs }, 'worker started');
  return {
    sweep,
    async close() {
      clearInterval(timer);
      await sweeping;
      await outbound.close();
    },
  };
}
