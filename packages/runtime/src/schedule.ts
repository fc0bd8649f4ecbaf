import type { Config } from './config';
import type { QueueName } from './queue';

/** The queues of scheduled jobs: every queue but the outbound mail's, which the outbox fills. */
export type ScheduledQueue = Exclude<QueueName, 'outbound'>;

export interface ScheduledJob {
  /** How often it runs, as configured; 0 turns it off. */
  everyMs(config: Config): number;
  /** Also queued once when a worker starts. */
  atStart: boolean;
  /** What a run does. */
  does: string;
}

/**
 * The jobs the workers run on a schedule, one queue each, named after the job (docs/architecture.md
 * §3.6). The worker schedules from this table and `/metrics` reports the depth of each queue in it.
 */
export const SCHEDULED_JOBS: Record<ScheduledQueue, ScheduledJob> = {
  retention: {
    // At least once per trash grace, so data shredding's trash is shredded soon after its grace ends.
    everyMs: (config) => config.RETENTION_EVERY_MS && Math.min(config.RETENTION_EVERY_MS, config.TRASH_GRACE_MINUTES * 60_000),
    atStart: false,
    does: 'deletes the messages due for deletion (docs/architecture.md §4) with their keys, expired sessions, old inbound rows',
  },
  digests: {
    everyMs: (config) => config.DIGESTS_EVERY_MS,
    atStart: false,
    does: "mails each due alias's digest, and the notice of each alias about to expire",
  },
  notify: {
    everyMs: (config) => config.NOTIFY_EVERY_MS,
    atStart: false,
    does: 'sends one content-free note per account of the mail new at its aliases with notify on',
  },
  'search-index': {
    everyMs: () => 5 * 60_000,
    atStart: true,
    does: 'indexes for search the messages stored without search terms',
  },
};

/** Every queue, for `/metrics`: the outbound mail's and each scheduled job's. */
export const QUEUES: readonly QueueName[] = ['outbound', ...(Object.keys(SCHEDULED_JOBS) as ScheduledQueue[])];
