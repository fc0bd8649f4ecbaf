import { SCHEDULED_JOBS, type Config, type ScheduledQueue } from '@app/runtime';
import { PUSH_DEFAULTS, type PushOptions } from './notify';

/** Tunables of the worker; tests shorten the sweep thresholds instead of waiting a minute. */
export interface WorkerOptions {
  /** Inbound rows this process holds at once (INGEST_CONCURRENCY). */
  concurrency: number;
  /** Most rows claimed, and stored in one transaction, at once (INGEST_BATCH). */
  batchSize: number;
  /** How often the sweep looks for queued rows whose wake-up was lost (D4; SWEEP_EVERY_MS). */
  sweepEveryMs: number;
  /** The sweep takes queued rows older than this, and a claim lasts this long (docs/architecture.md §3: a minute; SWEEP_AFTER_MS). */
  sweepAfterMs: number;
  /** Processing attempts before a message is stored unparsed as 'failed' (D11; INGEST_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Wall-clock limit of one parse (M1; PARSE_TIMEOUT_MS). */
  parseTimeoutMs: number;
  /** How often each scheduled job runs (SCHEDULED_JOBS: RETENTION_EVERY_MS, …); 0 disables it. */
  everyMs: Record<ScheduledQueue, number>;
  /** Where Web Push may connect and how long it waits (docs/security.md W20); tests push to a stand-in on loopback. */
  push: PushOptions;
}

/** What a caller of startWorker may change: any option, and the period of any scheduled job. */
export type WorkerOverrides = Partial<Omit<WorkerOptions, 'everyMs'>> & { everyMs?: Partial<Record<ScheduledQueue, number>> };

/** The worker's options as configured (the variables live in the one config object). */
export function workerOptions(config: Config): WorkerOptions {
  return {
    concurrency: config.INGEST_CONCURRENCY,
    batchSize: config.INGEST_BATCH,
    sweepEveryMs: config.SWEEP_EVERY_MS,
    sweepAfterMs: config.SWEEP_AFTER_MS,
    maxAttempts: config.INGEST_MAX_ATTEMPTS,
    parseTimeoutMs: config.PARSE_TIMEOUT_MS,
    everyMs: Object.fromEntries(Object.entries(SCHEDULED_JOBS).map(([queue, job]) => [queue, job.everyMs(config)])) as Record<
      ScheduledQueue,
      number
    >,
    push: PUSH_DEFAULTS,
  };
}
