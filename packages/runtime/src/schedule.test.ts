import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { Metrics } from './metrics';
import { MemoryQueue } from './queue';
import { SCHEDULED_JOBS } from './schedule';

describe('the scheduled-jobs table (docs/architecture.md §3.6)', () => {
  it('takes each period from the config, 0 turning a job off', () => {
    const config = loadConfig({ RETENTION_EVERY_MS: '0', DIGESTS_EVERY_MS: '60000', NOTIFY_EVERY_MS: '5000' });
    expect(SCHEDULED_JOBS.retention.everyMs(config)).toBe(0);
    expect(SCHEDULED_JOBS.digests.everyMs(config)).toBe(60_000);
    expect(SCHEDULED_JOBS.notify.everyMs(config)).toBe(5_000);
  });

  it('/metrics reports the depth of the outbound queue and of every scheduled job, search-index included', async () => {
    const metrics = new Metrics();
    const queue = new MemoryQueue(pino({ level: 'silent' }));
    metrics.watchQueue(queue);
    const text = await metrics.text();
    const reported = [...text.matchAll(/^queue_jobs\{queue="([^"]+)",state="waiting"\}/gm)].map((m) => m[1]);
    expect(reported).toEqual(['outbound', ...Object.keys(SCHEDULED_JOBS)]);
    expect(reported).toContain('search-index');
    await queue.close();
  });
});
