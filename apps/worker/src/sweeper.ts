import { listStaleInbound } from '@app/db';
import { enqueueIngest, type Services } from '@app/runtime';
import type { WorkerOptions } from './options';

/**
 * Re-queues inbound rows still 'queued' after `sweepAfterMs` (docs/security.md D4): their job was lost
 * with Redis, or its worker died. The job id carries the sweep time (see `enqueueIngest`).
 */
export async function sweepInbound(services: Services, opts: Pick<WorkerOptions, 'sweepAfterMs' | 'sweepBatch'>): Promise<number> {
  const ids = await listStaleInbound(services.database.db, new Date(Date.now() - opts.sweepAfterMs), opts.sweepBatch);
  const stamp = Date.now().toString(36);
  for (const id of ids) await enqueueIngest(services.queue, id, stamp);
  if (ids.length) services.log.info({ component: 'sweeper', requeued: ids.length }, 'requeued stale inbound rows');
  return ids.length;
}
