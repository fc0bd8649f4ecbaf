import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** One sample of a metric from the Prometheus text, by its exact label set. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('GET /metrics and /api/health', () => {
  it('reports health of the database (and Redis when configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.database).toBe('ok');
    if (process.env.REDIS_URL) expect(res.json().checks.redis).toBe('ok');
  });

  it('counts request durations by route pattern, never by the raw URL', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/alias/12345/messages' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    // The id of the URL never becomes a label value (numbers elsewhere, a heap size say, may hold the digits).
    expect(text).not.toMatch(/\{[^}]*12345[^}]*\}/);
    expect(text).toMatch(/^queue_jobs\{queue="outbound",state="waiting"\} 0$/m);
    // Rows other test files left queued in the shared database count too: a number is reported.
    expect(text).toMatch(/^inbound_queued \d+$/m);
    expect(text).toContain('# TYPE smtp_messages_total counter');
    expect(text).toContain('# TYPE ingest_latency_seconds histogram');
  });
});
