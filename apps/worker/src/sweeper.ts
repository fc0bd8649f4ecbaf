import { listStaleInbound } from '@app/db';
import { enqueueIngestMany, type Services } from '@app/runtime';
import type { WorkerOptions } from './options';

/**
 * Re-queues inbound rows still 'queued' after `sweepAfterMs` (docs/security.md D4): their job was lost
 * with Redis, or its worker died. The job id carries the sweep time (see `enqueueIngestMany`).
 */
export async function sweepInbound(services: Services, opts: Pick<WorkerOptions, 'sweepAfterMs' | 'sweepBatch'>): Promise<number> {
  const ids = await listStaleInbound(services.database.db, new Date(Date.now() - opts.sweepAfterMs), opts.sweepBatch);
  const stamp = Date.now().toString(36);
  await enqueueIngestMany(services.queue, ids, stamp);
  if (ids.length) services.log.info({ component: 'sweeper', requeued: ids.length }, 'requeued stale inbound rows');
  return ids.length;
}
