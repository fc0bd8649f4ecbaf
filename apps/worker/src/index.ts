import { SCHEDULED_JOBS, type ScheduledQueue, type Services } from '@app/runtime';
import { runDigests, runExpiryNotices } from './digests';
import { runNotifications } from './notify';
import { InboundClaimer } from './claimer';
import { workerOptions, type WorkerOptions, type WorkerOverrides } from './options';
import { startOutbound } from './outbound';
import { runRetention } from './retention';
import { runSearchIndex } from './search-index';

export { ingestInbound } from './ingest';
export { runRetention } from './retention';
export { runDigests, runExpiryNotices } from './digests';
export { PUSH_DEFAULTS, runNotifications, type PushOptions } from './notify';
export { runSearchIndex } from './search-index';
export { deliverOutbox, startOutbound } from './outbound';
export { workerOptions, type WorkerOptions, type WorkerOverrides } from './options';

/** What each scheduled job runs (the schedule itself is the runtime's SCHEDULED_JOBS). */
const RUNS: Record<ScheduledQueue, (services: Services, opts: WorkerOptions) => Promise<unknown>> = {
  retention: runRetention,
  digests: async (services) => {
    await runDigests(services);
    await runExpiryNotices(services);
  },
  notify: (services, opts) => runNotifications(services, opts.push),
  // Messages without search terms (stored before search, or outside ingest) are indexed at start
  // and then now and again; a run finds nothing to do once all are indexed.
  'search-index': runSearchIndex,
};

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
export async function startWorker(services: Services, options: WorkerOverrides = {}): Promise<WorkerHandle> {
  const defaults = workerOptions(services.config);
  const opts: WorkerOptions = { ...defaults, ...options, everyMs: { ...defaults.everyMs, ...options.everyMs } };
  const log = services.log.child({ component: 'worker' });

  // Queued rows are claimed at start (whatever an earlier run left), on each wake-up, and by the sweep.
  const claimer = new InboundClaimer(services, opts);
  const stopListening = services.events.onInboundQueued(() => claimer.wake());
  claimer.wake();
  const timer = setInterval(() => claimer.wake(true), opts.sweepEveryMs);
  timer.unref();

  for (const queue of Object.keys(SCHEDULED_JOBS) as ScheduledQueue[]) {
    const everyMs = opts.everyMs[queue];
    if (everyMs <= 0) continue;
    services.queue.process(
      queue,
      async () => {
        await RUNS[queue](services, opts);
      },
      { concurrency: 1 },
    );
    if (SCHEDULED_JOBS[queue].atStart) await services.queue.add(queue, {}, { jobId: `${queue}-start` });
    await services.queue.repeat(queue, everyMs, {});
  }

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
