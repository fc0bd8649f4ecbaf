/**
 * The root docker-compose.yml as `docker-compose config` (Debian's package; `docker compose` when
 * only the plugin is installed) resolves it: the services, their health checks, MASTER_KEY
 * required, and no fixed host port on a service that scales. The file is resolved in a temp
 * directory with its own .env, so an operator's .env is never read or touched.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './processes';

const compose: string[] | null =
  spawnSync('docker-compose', ['version']).status === 0
    ? ['docker-compose']
    : spawnSync('docker', ['compose', 'version']).status === 0
      ? ['docker', 'compose']
      : null;

function config(env: string): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'compose-'));
  copyFileSync(join(ROOT, 'docker-compose.yml'), join(dir, 'docker-compose.yml'));
  writeFileSync(join(dir, '.env'), env);
  const [cmd, ...args] = compose!;
  const r = spawnSync(cmd!, [...args, '-f', join(dir, 'docker-compose.yml'), '--project-directory', dir, 'config'], {
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const GOOD_ENV =
  'MASTER_KEY=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\nPOSTGRES_PASSWORD=secret\nPUBLIC_URL=https://alias.example.test\nMAIL_DOMAIN=alias.example.test\n';

interface Service {
  image?: string;
  build?: unknown;
  ports?: Array<string | { published?: string | number; target: number }>;
  healthcheck?: { test: string[] | string };
  environment?: Record<string, string>;
  stop_grace_period?: string;
  command?: string[] | string;
}

const seconds = (d: string | undefined) => {
  const m = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(d ?? '');
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : 0;
};
const published = (s: Service) =>
  (s.ports ?? []).map((p) => (typeof p === 'string' ? p.split(':')[0] : String(p.published ?? '')));

describe('docker-compose.yml', () => {
  it('has docker-compose (or the compose plugin) to check it with', () => {
    expect(compose, 'install docker-compose (apt-get install docker-compose)').not.toBeNull();
  });

  it('resolves with the required variables set: every service, health checks, no fixed ports on scaled services', () => {
    const r = config(GOOD_ENV);
    expect(r.status, r.stderr).toBe(0);
    const services = (parse(r.stdout) as { services: Record<string, Service> }).services;
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'caddy',
      'caddy-init',
      'mx',
      'postgres',
      'redis',
      'smtp-proxy',
      'worker',
    ]);

    for (const name of ['postgres', 'redis', 'api', 'mx', 'worker', 'caddy', 'smtp-proxy']) {
      expect(services[name]!.healthcheck?.test, `${name} has a health check`).toBeTruthy();
    }
    // The app processes: checked on their own /health, with the key from .env.
    expect(services.api!.healthcheck!.test).toContain('http://127.0.0.1:3000/api/health');
    for (const name of ['mx', 'worker']) {
      expect(services[name]!.healthcheck!.test).toContain('http://127.0.0.1:9100/health');
      expect(services[name]!.environment!.METRICS_PORT).toBe('9100');
    }
    for (const name of ['api', 'mx', 'worker']) {
      const env = services[name]!.environment!;
      expect(env.MASTER_KEY).toBe('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
      // Variables of the configuration table come through the env_file.
      expect(env.MAIL_DOMAIN).toBe('alias.example.test');
      expect(env.DATABASE_URL).toBe('postgres://alias:secret@postgres:5432/alias');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      // No host port: `--scale api|mx|worker=N` never collides.
      expect(services[name]!.ports ?? [], `${name} publishes no port`).toEqual([]);
    }
    // Port 25 and HTTPS reach the outside only through the proxies.
    expect(published(services['smtp-proxy']!)).toEqual(['25']);
    expect(published(services.caddy!)).toEqual(expect.arrayContaining(['80', '443']));
    expect(published(services.postgres!)).toEqual([]);
    expect(published(services.redis!)).toEqual([]);
    // The proxies' addresses are what the processes trust; the proxy gets no secrets.
    expect(services.mx!.environment!.SMTP_PROXY_FROM).toBe('172.30.25.25');
    expect(services.api!.environment!.TRUST_PROXY).toBe('172.30.25.10');
    expect(services.caddy!.environment!.MASTER_KEY).toBeUndefined();
    // Caddy and the app processes run as the same unprivileged user: the mx reads Caddy's certificate.
    expect((services.caddy as { user?: string }).user).toBe('1000:1000');
    // The mx drain (25 s for DATA + 5 s for a commit) fits the grace period.
    expect(seconds(services.mx!.stop_grace_period)).toBeGreaterThanOrEqual(30);
    // Redis never evicts queued jobs and keeps them across restarts (docs/security.md D6).
    const redis = [services.redis!.command].flat().join(' ');
    expect(redis).toMatch(/--maxmemory-policy noeviction/);
    expect(redis).toMatch(/--appendonly yes/);
  });

  it('refuses to resolve without MASTER_KEY, naming it', () => {
    const r = config(GOOD_ENV.replace(/^MASTER_KEY=.*\n/m, ''));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/MASTER_KEY/);
  });

  it('keeps secrets, data and host builds out of the image build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const pattern of [
      '**/.env',
      '**/.env.*',
      '**/*.pem',
      '**/*.key',
      'data',
      '**/data',
      '**/node_modules',
      '**/dist',
      '.git',
    ]) {
      expect(ignored, pattern).toContain(pattern);
    }
    // The only exception is the documented template, which holds no values.
    expect(ignored.filter((l) => l.startsWith('!'))).toEqual(['!infra/.env.example']);
    expect(readFileSync(join(ROOT, 'infra/.env.example'), 'utf8')).toMatch(/^MASTER_KEY=$/m);
  });
});

describe('infra/Caddyfile', () => {
  const hasCaddy = spawnSync('caddy', ['version']).status === 0;

  it('has caddy to check it with', () => {
    expect(hasCaddy, 'install caddy (apt-get install caddy)').toBe(true);
  });

  it("serves PUBLIC_URL's host over HTTPS and refuses /metrics from outside", () => {
    const r = spawnSync('caddy', ['adapt', '--config', join(ROOT, 'infra/Caddyfile'), '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), PUBLIC_HOST: 'alias.example.test', MX_HOSTNAME: '' },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const server = Object.values(
      (JSON.parse(r.stdout) as { apps: { http: { servers: Record<string, unknown> } } }).apps.http.servers,
    )[0] as {
      listen: string[];
      routes: Array<{
        match: Array<{ host: string[] }>;
        handle: Array<{
          routes: Array<{ match?: Array<{ path?: string[] }>; handle: Array<{ handler: string; status_code?: number }> }>;
        }>;
      }>;
    };
    expect(server.listen).toEqual([':443']);
    expect(server.routes[0]!.match[0]!.host).toEqual(['alias.example.test']);
    const routes = server.routes[0]!.handle[0]!.routes;
    const metrics = routes.findIndex((x) => x.match?.some((m) => m.path?.includes('/metrics')));
    const proxy = routes.findIndex((x) => x.handle.some((h) => h.handler === 'reverse_proxy'));
    expect(metrics).toBeGreaterThanOrEqual(0);
    expect(routes[metrics]!.handle[0]).toMatchObject({ handler: 'static_response', status_code: 404 });
    // The refusal comes before the proxy.
    expect(metrics).toBeLessThan(proxy);
  });
});
