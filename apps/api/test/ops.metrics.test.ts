// The api's health, metrics and request log: /health outside the SPA's paths, /metrics only on
// METRICS_PORT (never on the web port), and one access line per request that names the route
// pattern, never the URL (docs/security.md DEP3, DEP4, DEP10).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpsServerIfConfigured, type OpsServer, type Services } from '@app/runtime';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { WRITE_HEADERS } from './helpers';
import { captureLog, createMember, ROOT, testServices } from '@app/testing';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let services: Services;
let app: FastifyInstance;
let ops: OpsServer;
const logs = captureLog('debug');

beforeAll(async () => {
  services = await testServices({ METRICS_PORT: '0', LOG_LEVEL: 'debug' });
  services.log = logs.log;
  // A built SPA, so that a path the api does not serve would get its page.
  const webDist = mkdtempSync(join(tmpdir(), 'spa-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>The SPA</title>');
  app = await buildApp(services, { webDist });
  await app.ready();
  ops = (await startOpsServerIfConfigured(services))!;
});
afterAll(async () => {
  await ops?.close();
  await app?.close();
  await services?.close();
});

/** One sample of a metric from the Prometheus text, by its exact label set. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('/health, /metrics and the access log', () => {
  it('answers GET /health (and /api/health) with the checks, the version and the commit, never the SPA', async () => {
    for (const url of ['/health', '/api/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        success: true,
        version: VERSION,
        commit: expect.stringMatching(/^([0-9a-f]{7,}|unknown)$/),
      });
      expect(res.json().checks.database).toBe('ok');
      if (process.env.REDIS_URL) expect(res.json().checks.redis).toBe('ok');
    }
    // The SPA still answers its own paths.
    expect((await app.inject({ method: 'GET', url: '/aliases' })).body).toContain('The SPA');
  });

  it('serves no /metrics on the web port: a 404, neither the metrics nor the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('The SPA');
    expect(res.body).not.toContain('# TYPE');
  });

  it('counts request durations by route pattern on METRICS_PORT, never by the raw URL, with build_info', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/alias/12345/messages' });
    const res = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    // The id of the URL never becomes a label value (numbers elsewhere, a heap size say, may hold the digits).
    expect(text).not.toMatch(/\{[^}]*12345[^}]*\}/);
    expect(text).toMatch(
      new RegExp(`^build_info\\{version="${VERSION.replace(/\./g, '\\.')}",commit="[0-9a-f]+|unknown"\\} 1$`, 'm'),
    );
    expect(text).toMatch(/^queue_jobs\{queue="outbound",state="waiting"\} 0$/m);
    // Rows other test files left queued in the shared database count too: a number is reported.
    expect(text).toMatch(/^inbound_queued \d+$/m);
    expect(text).toContain('# TYPE smtp_messages_total counter');
    expect(text).toContain('# TYPE ingest_latency_seconds histogram');
    // Its /health carries the version too.
    expect(await (await fetch(`http://127.0.0.1:${ops.port}/health`)).json()).toMatchObject({ success: true, version: VERSION });
  });

  it('logs each request once with method, route pattern, status, time and request id; no codes, no query strings, even at debug', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/reset/SECRETCODE1?utm=SECRETQUERY',
      headers: WRITE_HEADERS,
      payload: { password: 'new-password-1' },
    });
    await app.inject({ method: 'GET', url: '/api/redeem/SECRETCODE2' });
    const res = await app.inject({ method: 'GET', url: '/api/account/424242/alias/7/messages?cursor=SECRETCURSOR' });
    const requests = logs.lines().filter((l) => l.msg === 'request');
    const last = requests.at(-1)!;
    expect(last).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/account/:id/alias/:aliasId/messages',
      status: res.statusCode,
      ms: expect.any(Number),
    });
    expect(last.reqId).toBe(res.json().requestId);
    expect(requests.map((l) => l.route)).toEqual(expect.arrayContaining(['/api/reset/:code', '/api/redeem/:code']));
    const text = logs.text();
    expect(text).not.toMatch(/SECRET|424242/);
  });

  it('logs a failed sign-in with the account and the client address, nothing typed', async () => {
    const member = await createMember(services);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...WRITE_HEADERS, 'x-forwarded-for': '198.51.100.7' },
      remoteAddress: '203.0.113.9',
      payload: { handle: member.handle, password: 'wrong-password-SECRET' },
    });
    expect(res.statusCode).toBe(401);
    const failed = logs.lines().filter((l) => l.msg === 'sign-in failed');
    expect(failed.at(-1)).toMatchObject({ level: 30, accountId: member.account.id, client: '203.0.113.9', reason: 'password' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: WRITE_HEADERS,
      payload: { handle: 'no-such-SECRET-handle', password: 'x-SECRET-x' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(
      logs
        .lines()
        .filter((l) => l.msg === 'sign-in failed')
        .at(-1),
    ).toMatchObject({ accountId: null, reason: 'password' });
    expect(logs.text()).not.toMatch(/SECRET/);
  });
});
