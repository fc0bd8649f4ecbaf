import { z } from 'zod';

/** Tunables of the worker; tests shorten the sweeper thresholds instead of waiting a minute. */
export interface WorkerOptions {
  /** Ingest jobs processed at once in this process. */
  concurrency: number;
  /** Most messages stored in one transaction (jobs running at once are batched). */
  batchSize: number;
  /** How often the sweeper looks for queued rows whose job was lost (D4). */
  sweepEveryMs: number;
  /** A queued row older than this is re-queued (DESIGN §3: a minute). */
  sweepAfterMs: number;
  /** Rows re-queued per sweep. */
  sweepBatch: number;
  /** Processing attempts before a message is stored unparsed as 'failed' (D11). */
  maxAttempts: number;
  /** Wall-clock limit of one parse (M1). */
  parseTimeoutMs: number;
  /** How often expired messages are deleted; 0 disables the retention job. */
  retentionEveryMs: number;
  /** How often due digests are looked for; 0 disables them. */
  digestsEveryMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  concurrency: 64,
  batchSize: 64,
  sweepEveryMs: 30_000,
  sweepAfterMs: 60_000,
  sweepBatch: 1000,
  maxAttempts: 8,
  parseTimeoutMs: 10_000,
  retentionEveryMs: 60 * 60_000,
  digestsEveryMs: 15 * 60_000,
};

const int = z.coerce.number().int().nonnegative();
const EnvSchema = z.object({
  INGEST_CONCURRENCY: int.min(1).optional(),
  INGEST_BATCH: int.min(1).optional(),
  SWEEP_EVERY_MS: int.min(100).optional(),
  SWEEP_AFTER_MS: int.optional(),
  INGEST_MAX_ATTEMPTS: int.min(1).optional(),
  PARSE_TIMEOUT_MS: int.min(100).optional(),
  RETENTION_EVERY_MS: int.optional(),
  DIGESTS_EVERY_MS: int.optional(),
});

/** Worker options from the environment over the defaults; a bad value names the variable. */
export function workerOptionsFromEnv(env: Record<string, string | undefined> = process.env): Partial<WorkerOptions> {
  const keys = Object.keys(EnvSchema.shape);
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => keys.includes(k) && v)));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  }
  const e = parsed.data;
  const out: Partial<WorkerOptions> = {};
  if (e.INGEST_CONCURRENCY !== undefined) out.concurrency = e.INGEST_CONCURRENCY;
  if (e.INGEST_BATCH !== undefined) out.batchSize = e.INGEST_BATCH;
  if (e.SWEEP_EVERY_MS !== undefined) out.sweepEveryMs = e.SWEEP_EVERY_MS;
  if (e.SWEEP_AFTER_MS !== undefined) out.sweepAfterMs = e.SWEEP_AFTER_MS;
  if (e.INGEST_MAX_ATTEMPTS !== undefined) out.maxAttempts = e.INGEST_MAX_ATTEMPTS;
  if (e.PARSE_TIMEOUT_MS !== undefined) out.parseTimeoutMs = e.PARSE_TIMEOUT_MS;
  if (e.RETENTION_EVERY_MS !== undefined) out.retentionEveryMs = e.RETENTION_EVERY_MS;
  if (e.DIGESTS_EVERY_MS !== undefined) out.digestsEveryMs = e.DIGESTS_EVERY_MS;
  return out;
}
