import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pingDatabase } from '@app/db';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Services } from './services';
import { BUILD_INFO } from './version';

export interface HealthReport {
  ok: boolean;
  checks: Record<string, string>;
}

/**
 * Liveness of what a process depends on: Postgres answers, and Redis answers and refuses to evict
 * keys, or queued jobs could vanish under memory pressure (docs/security.md D6).
 */
export class HealthCheck {
  private redis: Redis | null;

  /** `pingDatabase` throws when the database does not answer; null skips that check. */
  constructor(
    config: Config,
    private pingDatabase: (() => Promise<void>) | null,
  ) {
    this.redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : null;
  }

  async check(): Promise<HealthReport> {
    const checks: Record<string, string> = {};
    if (this.pingDatabase) {
      try {
        await this.pingDatabase();
        checks.database = 'ok';
      } catch {
        checks.database = 'unreachable';
      }
    }
    if (this.redis) {
      try {
        if (this.redis.status === 'wait') await this.redis.connect();
        const [, policy] = (await this.redis.config('GET', 'maxmemory-policy')) as [string, string];
        checks.redis = policy === 'noeviction' ? 'ok' : `maxmemory-policy is ${policy}, must be noeviction`;
      } catch {
        checks.redis = 'unreachable';
      }
    }
    return { ok: Object.values(checks).every((v) => v === 'ok'), checks };
  }

  async close(): Promise<void> {
    if (this.redis && this.redis.status !== 'wait' && this.redis.status !== 'end') await this.redis.quit().catch(() => undefined);
  }
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `/health` and `/metrics` of a process on METRICS_HOST:METRICS_PORT, the only place `/metrics` is
 * served (docs/security.md DEP3). Not for the internet: the compose file publishes no port for it.
 */
export async function startOpsServer(services: Services, port: number, host = services.config.METRICS_HOST): Promise<OpsServer> {
  const health = new HealthCheck(services.config, () => pingDatabase(services.database.db));
  const server = createServer((req, res) => {
    const send = (code: number, type: string, body: string) => res.writeHead(code, { 'content-type': type }).end(body);
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, 'text/plain', 'method not allowed\n');
    if (path === '/health') {
      void health
        .check()
        .then((r) =>
          send(r.ok ? 200 : 503, 'application/json', JSON.stringify({ success: r.ok, ...BUILD_INFO, checks: r.checks })),
        );
      return;
    }
    if (path === '/metrics') {
      void services.metrics.text().then(
        (text) => send(200, services.metrics.contentType, text),
        () => send(500, 'text/plain', 'metrics unavailable\n'),
      );
      return;
    }
    send(404, 'text/plain', 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  services.log.info({ host, port: actual }, 'health and metrics listening');
  return {
    port: actual,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await health.close();
    },
  };
}

/** The ops server on METRICS_PORT when it is set; null (no `/metrics` anywhere) when not. */
export async function startOpsServerIfConfigured(services: Services): Promise<OpsServer | null> {
  const port = services.config.METRICS_PORT;
  return port === undefined ? null : startOpsServer(services, port);
}
