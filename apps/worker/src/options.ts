import type { Config } from '@app/runtime';

/** Tunables of the worker; tests shorten the sweeper thresholds instead of waiting a minute. */
export interface WorkerOptions {
  /** Ingest jobs processed at once in this process (INGEST_CONCURRENCY). */
  concurrency: number;
  /** Most messages stored in one transaction; jobs running at once are batched (INGEST_BATCH). */
  batchSize: number;
  /** How often the sweeper looks for queued rows whose job was lost (D4; SWEEP_EVERY_MS). */
  sweepEveryMs: number;
  /** A queued row older than this is re-queued (docs/architecture.md §3: a minute; SWEEP_AFTER_MS). */
  sweepAfterMs: number;
  /** Rows re-queued per sweep. */
  sweepBatch: number;
  /** Processing attempts before a message is stored unparsed as 'failed' (D11; INGEST_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Wall-clock limit of one parse (M1; PARSE_TIMEOUT_MS). */
  parseTimeoutMs: number;
  /** How often expired messages and sessions are deleted; 0 disables the job (RETENTION_EVERY_MS). */
  retentionEveryMs: number;
  /** How often due digests are looked for; 0 disables them (DIGESTS_EVERY_MS). */
  digestsEveryMs: number;
  /** How often new mail is notified; 0 disables notifications (NOTIFY_EVERY_MS). */
  notifyEveryMs: number;
}

/** The worker's options as configured (the variables live in the one config object). */
export function workerOptions(config: Config): WorkerOptions {
  return {
    concurrency: config.INGEST_CONCURRENCY,
    batchSize: config.INGEST_BATCH,
    sweepEveryMs: config.SWEEP_EVERY_MS,
    sweepAfterMs: config.SWEEP_AFTER_MS,
    sweepBatch: 1000,
    maxAttempts: config.INGEST_MAX_ATTEMPTS,
    parseTimeoutMs: config.PARSE_TIMEOUT_MS,
    retentionEveryMs: config.RETENTION_EVERY_MS,
    digestsEveryMs: config.DIGESTS_EVERY_MS,
    notifyEveryMs: config.NOTIFY_EVERY_MS,
  };
}
