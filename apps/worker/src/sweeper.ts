import { listStaleInbound } from '@app/db';
import type { Services } from '@app/runtime';
import type { WorkerOptions } from './options';

/**
 * Re-queues inbound rows still 'queued' after `sweepAfterMs` (SECURITY D4): their job was lost
 * with Redis, or its worker died. The job id carries the sweep time: a job of the same row that
 * BullMQ still holds (failed, or active under a dead worker's lock) must not block the re-queue.
 * A duplicate job is harmless, ingest being idempotent.
 */
export async function sweepInbound(services: Services, opts: Pick<WorkerOptions, 'sweepAfterMs' | 'sweepBatch'>): Promise<number> {
  const ids = await listStaleInbound(services.database.db, new Date(Date.now() - opts.sweepAfterMs), opts.sweepBatch);
  const stamp = Date.now().toString(36);
  for (const id of ids) await services.queue.add('ingest', { inboundId: id }, { jobId: `${id}-s${stamp}` });
  if (ids.length) services.log.info({ component: 'sweeper', requeued: ids.length }, 'requeued stale inbound rows');
  return ids.length;
}
