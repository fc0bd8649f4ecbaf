import type { Services } from '@app/runtime';
import { runDigests, runExpiryNotices } from './digests';
import { runNotifications } from './notify';
import { InboundClaimer } from './claimer';
import { workerOptions, type WorkerOptions } from './options';
import { startOutbound } from './outbound';
import { runRetention } from './retention';
import { runSearchIndex } from './search-index';

export { ingestInbound } from './ingest';
export { runRetention } from './retention';
export { runDigests, runExpiryNotices } from './digests';
export { runNotifications } from './notify';
export { runSearchIndex } from './search-index';
export { deliverOutbox, startOutbound } from './outbound';
export { workerOptions, type WorkerOptions } from './options';

/** How often messages stored without search terms (outgoing chat messages, say) are indexed. */
const SEARCH_INDEX_EVERY_MS = 5 * 60_000;

export interface WorkerHandle {
  close(): Promise<void>;
}

/**
 * Starts the work of this process: ingest, retention, digests, notifications, the search index of
 * older mail and outbound mail.
 *
 * Ingest takes its rows from Postgres, woken by the mx; the sweep runs on a timer in every worker
 * process rather than as a BullMQ repeatable job: it recovers from a lost Redis, and a repeatable job
 * lives in Redis too.
 */
export async function startWorker(services: Services, options: Partial<WorkerOptions> = {}): Promise<WorkerHandle> {
  const opts: WorkerOptions = { ...workerOptions(services.config), ...options };
  const log = services.log.child({ component: 'worker' });

  // Queued rows are claimed at start (whatever an earlier run left), on each wake-up, and by the sweep.
  const claimer = new InboundClaimer(services, opts);
  const stopListening = services.events.onInboundQueued(() => claimer.wake());
  claimer.wake();
  const timer = setInterval(() => claimer.wake(true), opts.sweepEveryMs);
  timer.unref();

  if (opts.retentionEveryMs > 0) {
    services.queue.process(
      'retention',
      async () => {
        await runRetention(services);
      },
      { concurrency: 1 },
    );
    await services.queue.repeat('retention', opts.retentionEveryMs, {});
  }

  if (opts.digestsEveryMs > 0) {
    services.queue.process(
      'digests',
      async () => {
        await runDigests(services);
        await runExpiryNotices(services);
      },
      { concurrency: 1 },
    );
    await services.queue.repeat('digests', opts.digestsEveryMs, {});
  }

  if (opts.notifyEveryMs > 0) {
    services.queue.process(
      'notify',
      async () => {
        await runNotifications(services);
      },
      { concurrency: 1 },
    );
    await services.queue.repeat('notify', opts.notifyEveryMs, {});
  }
  // Messages without search terms (stored before search, or outside ingest) are indexed at start
  // and then now and again; a run finds nothing to do once all are indexed.
  services.queue.process(
    'search-index',
    async () => {
      await runSearchIndex(services);
    },
    { concurrency: 1 },
  );
  await services.queue.add('search-index', {}, { jobId: 'search-index-start' });
  await services.queue.repeat('search-index', SEARCH_INDEX_EVERY_MS, {});

  const outbound = startOutbound(services);

  log.info({ concurrency: opts.concurrency, sweepEveryMs: opts.sweepEveryMs, sweepAfterMs: opts.sweepAfterMs }, 'worker started');
  return {
    async close() {
      clearInterval(timer);
      stopListening();
      await claimer.close();
      await outbound.close();
    },
  };
}
