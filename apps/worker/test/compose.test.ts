/**
 * The root docker-compose.yml as `docker-compose config` (Debian's package; `docker compose` when
 * only the plugin is installed) resolves it: the services, their health checks, MASTER_KEY
 * required, and no fixed host port on a service that scales. The file is resolved in a temp
 * directory with its own .env, so an operator's .env is never read or touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '@app/runtime';
import { parse } from 'yaml';
import { freePort, ROOT } from '@app/testing';

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
  'MASTER_KEY=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\nPOSTGRES_PASSWORD=secret\nREDIS_PASSWORD=rsecret\nRSPAMD_PASSWORD=spamsecret\nPUBLIC_URL=https://alias.example.test\nMAIL_DOMAIN=alias.example.test\n';

const services = (env: string) => {
  const r = config(env);
  expect(r.status, r.stderr).toBe(0);
  return (parse(r.stdout) as { services: Record<string, Service> }).services;
};

interface Service {
  image?: string;
  build?: unknown;
  ports?: Array<string | { published?: string | number; target: number }>;
  healthcheck?: { test: string[] | string };
  environment?: Record<string, string>;
  stop_grace_period?: string;
  command?: string[] | string;
  volumes?: Array<string | { source?: string; target: string; read_only?: boolean }>;
  networks?: Record<string, { ipv4_address?: string } | null>;
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
      'imap',
      'mx',
      'mx-tls',
      'postgres',
      'redis',
      'rspamd',
      'smtp-proxy',
      'worker',
    ]);

    for (const name of ['postgres', 'redis', 'rspamd', 'api', 'mx', 'imap', 'worker', 'caddy', 'smtp-proxy']) {
      expect(services[name]!.healthcheck?.test, `${name} has a health check`).toBeTruthy();
    }
    // The app processes: checked on their own /health, with the key from .env.
    expect(services.api!.healthcheck!.test).toContain('http://127.0.0.1:3000/health');
    for (const name of ['mx', 'imap', 'worker'])
      expect(services[name]!.healthcheck!.test).toContain('http://127.0.0.1:9100/health');
    // /metrics of each process on its own port, never on the api's web port.
    for (const name of ['api', 'mx', 'imap', 'worker']) expect(services[name]!.environment!.METRICS_PORT).toBe('9100');
    for (const name of ['api', 'mx', 'imap', 'worker']) {
      const env = services[name]!.environment!;
      expect(env.MASTER_KEY).toBe('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
      // Variables of the configuration table come through the env_file.
      expect(env.MAIL_DOMAIN).toBe('alias.example.test');
      // The compose file's database and Redis, their passwords apart (config.ts puts them in the URLs).
      expect(env.DATABASE_URL).toBe('postgres://alias@postgres:5432/alias');
      expect(env.POSTGRES_PASSWORD).toBe('secret');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.REDIS_PASSWORD).toBe('rsecret');
      // No host port: `--scale api|mx|worker=N` never collides.
      expect(services[name]!.ports ?? [], `${name} publishes no port`).toEqual([]);
    }
    // Port 25, IMAP, POP3 and HTTPS reach the outside only through the proxies.
    expect(published(services['smtp-proxy']!)).toEqual(['25', '143', '993', '110', '995']);
    expect(published(services.caddy!)).toEqual(expect.arrayContaining(['80', '443']));
    expect(published(services.postgres!)).toEqual([]);
    expect(published(services.redis!)).toEqual([]);
    // The proxies' addresses are what the processes trust; the proxy gets no secrets.
    expect(services.mx!.environment!.SMTP_PROXY_FROM).toBe('172.30.25.25');
    expect(services.imap!.environment!.SMTP_PROXY_FROM).toBe('172.30.25.25');
    expect(services.api!.environment!.TRUST_PROXY).toBe('172.30.25.10');
    expect(services.caddy!.environment!.MASTER_KEY).toBeUndefined();
    // Caddy and the app processes run as the same unprivileged user: the mx reads Caddy's certificate.
    expect((services.caddy as { user?: string }).user).toBe('1000:1000');
    // The mx drain (25 s for DATA + 5 s for a commit) fits the grace period.
    expect(seconds(services.mx!.stop_grace_period)).toBeGreaterThanOrEqual(30);
    // Redis never evicts queued jobs and keeps them across restarts (docs/security.md D6), and
    // wants the password, which is read from stdin rather than shown on its command line.
    const redis = [services.redis!.command].flat().join(' ');
    expect(redis).toMatch(/--maxmemory-policy noeviction/);
    expect(redis).toMatch(/--appendonly yes/);
    expect(redis).toMatch(/requirepass \$\$REDIS_PASSWORD/);
    expect(services.redis!.environment!.REDIS_PASSWORD).toBe('rsecret');
  });

  it('lets .env win over the defaults: an external database and another proxy are applied', () => {
    const s = services(
      GOOD_ENV +
        'DATABASE_URL=postgres://alias:ext@db.example.net:5432/alias\nREDIS_URL=redis://:r@cache.example.net:6379\n' +
        'TRUST_PROXY=10.0.0.0/8\nSMTP_PROXY_FROM=10.0.0.7\nLOG_LEVEL=debug\nMETRICS_HOST=10.1.2.3\nMX_HOSTNAME=mx.example.test\n',
    );
    for (const name of ['api', 'mx', 'worker']) {
      const env = s[name]!.environment!;
      expect(env.DATABASE_URL).toBe('postgres://alias:ext@db.example.net:5432/alias');
      expect(env.REDIS_URL).toBe('redis://:r@cache.example.net:6379');
      expect(env.LOG_LEVEL).toBe('debug');
      expect(env.METRICS_HOST).toBe('10.1.2.3');
      expect(env.MX_HOSTNAME).toBe('mx.example.test');
    }
    expect(s.api!.environment!.TRUST_PROXY).toBe('10.0.0.0/8');
    expect(s.mx!.environment!.SMTP_PROXY_FROM).toBe('10.0.0.7');
  });

  it('passes every variable of the configuration to a process that reads it', () => {
    const s = services(GOOD_ENV);
    const passed = new Set(['api', 'mx', 'imap', 'worker'].flatMap((name) => Object.keys(s[name]!.environment ?? {})));
    // The embedded database and its key file have no place in this shape.
    const notHere = ['DATA_DIR', 'MASTER_KEY_FILE'];
    expect(CONFIG_VARIABLES.filter((v) => !passed.has(v) && !notHere.includes(v))).toEqual([]);
  });

  it('gives each service only the secrets it uses', () => {
    const secrets =
      'STRIPE_SECRET_KEY=sk_test\nSTRIPE_WEBHOOK_SECRET=whsec\nADMIN_PASSWORD=first-password\n' +
      'SMTP_RELAY_URL=smtp://u:p@relay.example.net:587\nVAPID_PRIVATE_KEY=vapid-private\n';
    const s = services(GOOD_ENV + secrets);
    const holders = (variable: string) =>
      Object.entries(s)
        .filter(([, svc]) => svc.environment?.[variable] !== undefined && svc.environment[variable] !== '')
        .map(([name]) => name)
        .sort();
    expect(holders('STRIPE_SECRET_KEY')).toEqual(['api']);
    expect(holders('STRIPE_WEBHOOK_SECRET')).toEqual(['api']);
    expect(holders('ADMIN_PASSWORD')).toEqual(['api']);
    expect(holders('SMTP_RELAY_URL')).toEqual(['api', 'worker']);
    expect(holders('VAPID_PRIVATE_KEY')).toEqual(['api', 'worker']);
    // The imap opens sealed mail for mail clients (docs/mail-clients.md), so it holds the key too.
    expect(holders('MASTER_KEY')).toEqual(['api', 'imap', 'mx', 'worker']);
    expect(holders('POSTGRES_PASSWORD')).toEqual(['api', 'imap', 'mx', 'postgres', 'worker']);
    expect(holders('REDIS_PASSWORD')).toEqual(['api', 'imap', 'mx', 'redis', 'rspamd', 'worker']);
    // Rspamd's controller password: Rspamd itself and the api, whose Spam / Not spam buttons learn.
    expect(holders('RSPAMD_PASSWORD')).toEqual(['api', 'rspamd']);
    // Caddy, the certificate copier and HAProxy hold none of them.
    for (const name of ['caddy', 'mx-tls', 'smtp-proxy']) {
      expect(Object.keys(s[name]!.environment ?? {}).filter((k) => /KEY|PASSWORD|SECRET|URL$/.test(k))).toEqual(
        name === 'caddy' ? ['PUBLIC_URL'] : [],
      );
    }
  });

  it("mounts into the mx only its certificate's two files, never Caddy's store", () => {
    const s = services(GOOD_ENV);
    const mounts = (s.mx!.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(mounts.some((m) => m.startsWith('caddy_data'))).toBe(false);
    expect(mounts.some((m) => /^mx_tls:\/mx-tls/.test(m))).toBe(true);
    // The copier writes exactly key.pem and cert.pem there.
    const copier = [s['mx-tls']!.command].flat().join(' ');
    expect(copier).toMatch(/\/mx-tls\/key\.pem/);
    expect(copier).toMatch(/\/mx-tls\/cert\.pem/);
    expect((s['mx-tls']!.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`))).toContain(
      'caddy_data:/data:ro',
    );
  });

  it('keeps the fixed proxy addresses outside the range Docker hands out', () => {
    const r = config(GOOD_ENV);
    const doc = parse(r.stdout) as {
      services: Record<string, Service>;
      networks: { edge: { ipam: { config: Array<{ subnet: string; ip_range: string }> } } };
    };
    const [{ subnet, ip_range }] = doc.networks.edge.ipam.config as [{ subnet: string; ip_range: string }];
    expect(subnet).toBe('172.30.25.0/24');
    expect(ip_range).toBe('172.30.25.128/25');
    const fixed = ['caddy', 'smtp-proxy'].map((n) => doc.services[n]!.networks!.edge!.ipv4_address!);
    expect(fixed).toEqual(['172.30.25.10', '172.30.25.25']);
    // ip_range covers .128-.255: the fixed addresses lie below it.
    for (const ip of fixed) expect(Number(ip.split('.')[3])).toBeLessThan(128);
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

  it('logs one JSON line per request to stdout, without query strings, link codes or Referer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caddy-'));
    // The repository's site block as it is, with Caddy's admin endpoint off so runs never collide.
    writeFileSync(join(dir, 'Caddyfile'), '{\n\tadmin off\n}\n' + readFileSync(join(ROOT, 'infra/Caddyfile'), 'utf8'));
    const port = await freePort();
    const caddy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, PUBLIC_HOST: `http://127.0.0.1:${port}`, MX_HOSTNAME: '' },
    });
    let out = '';
    caddy.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const get = async (path: string, headers: Record<string, string> = {}) => {
        for (;;) {
          try {
            return (await fetch(`http://127.0.0.1:${port}${path}`, { headers })).status;
          } catch {
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      await get('/api/reset/SECRETCODE1?x=SECRETQUERY', { Referer: 'https://alias.example.test/auth/reset/SECRETREF' });
      await get('/auth/redeem/SECRETCODE2');
      expect(await get('/metrics')).toBe(404);
      await expect.poll(() => out.split('\n').filter((l) => l.includes('"handled request"')).length).toBe(3);
      const lines = out
        .split('\n')
        .filter((l) => l.includes('"handled request"'))
        .map(
          (l) => JSON.parse(l) as { request: { method: string; uri: string; headers: Record<string, unknown> }; status: number },
        );
      expect(lines.map((l) => [l.request.method, l.request.uri])).toEqual([
        ['GET', '/api/reset/'],
        ['GET', '/auth/redeem/'],
        ['GET', '/metrics'],
      ]);
      expect(lines[2]!.status).toBe(404);
      expect(out).not.toMatch(/SECRET/);
    } finally {
      caddy.kill();
    }
  });
});
