import type * as BullMQ from 'bullmq';
import type { ConnectionOptions, JobsOptions, Queue, Worker } from 'bullmq';
import type { Logger } from './logger';
import type { RedisWatch } from './redis-watch';

/** Job payloads carry ids only, never mail content (docs/security.md W11). */
export interface JobPayloads {
  outbound: { outboxId: number };
  retention: Record<string, never>;
  digests: Record<string, never>;
  notify: Record<string, never>;
  'search-index': Record<string, never>;
}
export type QueueName = keyof JobPayloads;

/** Delivery attempts of one outbound mail before it is marked failed (with its last error). */
export const OUTBOUND_ATTEMPTS = 5;

/** Queues the delivery of one committed outbox row; adding the same row twice is a no-op. */
export function enqueueOutbox(queue: JobQueue, outboxId: number): Promise<void> {
  return queue.add('outbound', { outboxId }, { jobId: `outbox-${outboxId}`, attempts: OUTBOUND_ATTEMPTS });
}

export interface AddOptions {
  /** A job with the same id that is still waiting or running is not added twice. */
  jobId?: string;
  attempts?: number;
  delayMs?: number;
}

export type Processor<N extends QueueName> = (data: JobPayloads[N], attempt: number) => Promise<void>;

/** The queue seen by the apps; BullMQ on Redis in production, in-process in the embedded default. */
export interface JobQueue {
  add<N extends QueueName>(name: N, data: JobPayloads[N], opts?: AddOptions): Promise<void>;
  process<N extends QueueName>(name: N, processor: Processor<N>, opts?: { concurrency?: number }): void;
  /** Runs a job every `everyMs` (one schedule across all processes). */
  repeat<N extends QueueName>(name: N, everyMs: number, data: JobPayloads[N]): Promise<void>;
  /** Jobs by state, for `/metrics`. */
  counts(name: QueueName): Promise<Record<string, number>>;
  /** Resolves when nothing is waiting or running (in-process only; BullMQ resolves at once). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_ATTEMPTS = 5;
const backoffMs = (attempt: number) => Math.min(60_000, 500 * 2 ** (attempt - 1));

function bullOptions(name: QueueName, opts: AddOptions): JobsOptions {
  return {
    // BullMQ refuses all-digit custom ids (they clash with its own counters).
    jobId: opts.jobId === undefined ? undefined : `${name}-${opts.jobId}`,
    attempts: opts.attempts ?? DEFAULT_ATTEMPTS,
    delay: opts.delayMs,
    backoff: { type: 'exponential', delay: 500 },
    removeOnComplete: true,
    removeOnFail: { count: 10_000 },
  };
}

/** BullMQ is loaded on first use, so a process that queues nothing (the mx) never holds it. */
let bullmq: Promise<typeof BullMQ> | undefined;
const loadBullmq = () => (bullmq ??= import('bullmq'));

/** BullMQ adapter. Completed jobs are removed; failed ones are kept (dead letters). */
export class BullQueue implements JobQueue {
  private queues = new Map<QueueName, Promise<Queue>>();
  private workers: Array<Promise<Worker>> = [];

  constructor(
    private connection: ConnectionOptions,
    private log: Logger,
    private prefix = 'alias',
    /** Told of every failed attempt (the `/metrics` counter of failed jobs). */
    private onFailed?: (queue: QueueName) => void,
    /** While it reports Redis gone, the queues' own connection errors are that outage: not logged again. */
    private redisWatch?: RedisWatch,
  ) {}

  private queue(name: QueueName): Promise<Queue> {
    let q = this.queues.get(name);
    if (!q) {
      q = loadBullmq().then(({ Queue }) => {
        const queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
        queue.on('error', (err) => this.connectionError(name, err));
        return queue;
      });
      this.queues.set(name, q);
    }
    return q;
  }

  private connectionError(queue: QueueName, err: Error): void {
    if (!this.redisWatch?.isDown) this.log.error({ queue, err: err.message }, 'queue error');
  }

  async add<N extends QueueName>(name: N, data: JobPayloads[N], opts: AddOptions = {}): Promise<void> {
    await (await this.queue(name)).add(name, data, bullOptions(name, opts));
  }

  process<N extends QueueName>(name: N, processor: Processor<N>, opts: { concurrency?: number } = {}): void {
    const started = loadBullmq().then(({ Worker }) => {
      const worker = new Worker(name, async (job) => processor(job.data as JobPayloads[N], job.attemptsMade + 1), {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: opts.concurrency ?? 4,
      });
      worker.on('failed', (job, err) => {
        this.onFailed?.(name);
        this.log.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed');
      });
      worker.on('error', (err) => this.connectionError(name, err));
      return worker;
    });
    this.workers.push(started);
  }

  async repeat<N extends QueueName>(name: N, everyMs: number, data: JobPayloads[N]): Promise<void> {
    await (
      await this.queue(name)
    ).upsertJobScheduler(
      `${name}-every`,
      { every: everyMs },
      { name, data, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  async counts(name: QueueName): Promise<Record<string, number>> {
    return (await this.queue(name)).getJobCounts('waiting', 'active', 'delayed', 'failed');
  }

  async drain(): Promise<void> {}

  async close(): Promise<void> {
    await Promise.all((await Promise.all(this.workers)).map((w) => w.close()));
    await Promise.all((await Promise.all(this.queues.values())).map((q) => q.close()));
  }
}

interface PendingJob {
  name: QueueName;
  data: unknown;
  jobId: string | undefined;
  attempts: number;
  attempt: number;
}

/** In-process adapter with the same contract: dedupe by job id, retries with backoff, concurrency. */
export class MemoryQueue implements JobQueue {
  private processors = new Map<QueueName, { fn: Processor<QueueName>; concurrency: number; running: number }>();
  private waiting: PendingJob[] = [];
  private ids = new Set<string>();
  /** Delayed and retrying jobs: pending work that drain() waits for. */
  private timers = new Set<NodeJS.Timeout>();
  /** Repeat schedules: not pending work, so drain() does not wait for them. */
  private schedules = new Set<NodeJS.Timeout>();
  private idle: Array<() => void> = [];
  private closed = false;

  constructor(
    private log: Logger,
    /** Told of every failed attempt (the `/metrics` counter of failed jobs). */
    private onFailed?: (queue: QueueName) => void,
  ) {}

  async add<N extends QueueName>(name: N, data: JobPayloads[N], opts: AddOptions = {}): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    if (opts.jobId) {
      const key = `${name}:${opts.jobId}`;
      if (this.ids.has(key)) return;
      this.ids.add(key);
    }
    const job: PendingJob = { name, data, jobId: opts.jobId, attempts: opts.attempts ?? DEFAULT_ATTEMPTS, attempt: 1 };
    if (opts.delayMs) this.later(job, opts.delayMs);
    else this.enqueue(job);
  }

  process<N extends QueueName>(name: N, processor: Processor<N>, opts: { concurrency?: number } = {}): void {
    this.processors.set(name, { fn: processor as Processor<QueueName>, concurrency: opts.concurrency ?? 4, running: 0 });
    this.pump();
  }

  async repeat<N extends QueueName>(name: N, everyMs: number, data: JobPayloads[N]): Promise<void> {
    const t = setInterval(() => void this.add(name, data, { jobId: `${name}-every` }), everyMs);
    t.unref();
    this.schedules.add(t);
  }

  /** Waiting and running jobs; retries wait in timers and are not told apart by queue. */
  async counts(name: QueueName): Promise<Record<string, number>> {
    return { waiting: this.waiting.filter((j) => j.name === name).length, active: this.processors.get(name)?.running ?? 0 };
  }

  drain(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /**
   * Waits for running jobs and drops the waiting ones: their rows wait in Postgres, and the
   * sweeps queue them again on the next start.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of [...this.timers, ...this.schedules]) clearTimeout(t);
    this.timers.clear();
    this.schedules.clear();
    this.waiting = [];
    this.ids.clear();
    await this.drain();
  }

  private isIdle(): boolean {
    const running = [...this.processors.values()].some((p) => p.running > 0);
    return !running && this.waiting.length === 0 && this.timers.size === 0;
  }

  private later(job: PendingJob, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.enqueue(job);
    }, ms);
    this.timers.add(t);
  }

  private enqueue(job: PendingJob): void {
    this.waiting.push(job);
    this.pump();
  }

  private pump(): void {
    for (let i = 0; i < this.waiting.length;) {
      const job = this.waiting[i]!;
      const p = this.processors.get(job.name);
      if (!p || p.running >= p.concurrency) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      p.running++;
      void this.run(job, p);
    }
    if (this.isIdle()) this.idle.splice(0).forEach((r) => r());
  }

  private async run(job: PendingJob, p: { fn: Processor<QueueName>; running: number }): Promise<void> {
    try {
      await p.fn(job.data as never, job.attempt);
      if (job.jobId) this.ids.delete(`${job.name}:${job.jobId}`);
    } catch (err) {
      this.onFailed?.(job.name);
      this.log.warn({ queue: job.name, jobId: job.jobId, attempt: job.attempt, err: (err as Error).message }, 'job failed');
      if (job.attempt < job.attempts && !this.closed) this.later({ ...job, attempt: job.attempt + 1 }, backoffMs(job.attempt));
      else if (job.jobId) this.ids.delete(`${job.name}:${job.jobId}`);
    } finally {
      p.running--;
      this.pump();
    }
  }
}
