/**
 * API latency bench (docs/performance.md §1): the inbox listing (50 messages) and one message fetch, each
 * for a fixed time at 32 concurrent connections with autocannon, against the api started with
 * startApi in its own process on real Postgres (a fresh database) and a private Redis.
 * Also the SPA's initial JavaScript, gzipped, for /auth/login and an alias inbox, read from
 * apps/web/dist (entry chunk, its preloads and the route chunks, each with its static imports).
 * Beside ours, MailDev's own list call (`/api/email`, every message it holds, here 50 of the same
 * 20 KB messages, kept in memory and unauthenticated) under the same load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { insertKeysBulk, insertMessagesBulk, adjustAliasCounters, type NewMessage } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { createServices, generateKey, loadConfig, seal, wrapKey, type Services } from '@app/runtime';
import autocannon from 'autocannon';
import { seedMember } from './member';
import { startApiProcess, signInCookie } from './api-process';
import { backendsCpu, cpuMs, freePort, waitPort } from './processes';
import { load, messageFactory } from './smtp-client';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LatencyFigure {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** CPU time (user + system) of the server process per request: steadier than latency on a shared machine. */
  cpuMsPerRequest: number;
  /** The same for the Postgres backends serving the bench's database (ours only). */
  pgCpuMsPerRequest?: number;
}

export async function runApiBench(opts: { seconds?: number; connections?: number } = {}): Promise<LatencyFigure[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_API_SECONDS ?? 8);
  const connections = opts.connections ?? 32;
  const { env, database, children } = await benchBackends('bench_api', 'bench-api-');
  let services: Services | null = null;
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const db = services.database.db;
    const { account, alias, aliasKey: aliasKeyRow, handle, password } = await seedMember(services, env.MAIL_DOMAIN);

    // 200 messages stored the way ingest stores them (a 20 KB raw, its text and HTML).
    const para = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ';
    const text = para.repeat(60);
    const html = `<html><body><p>${para.repeat(100)}</p></body></html>`;
    const raw = Buffer.from(`Subject: x\r\n\r\n${para.repeat(250)}`);
    const n = 200;
    const msgKeys = Array.from({ length: n }, () => generateKey('aes'));
    const keyIds = await insertKeysBulk(
      db,
      msgKeys.map((k) => ({ scheme: k.scheme, wrapped: wrapKey(aliasKeyRow.key, k) })),
    );
    const rows: NewMessage[] = msgKeys.map((k, i) => ({
      aliasId: alias.id,
      keyId: keyIds[i]!,
      senderLabel: 'Bench Shop',
      senderAddress: 'bench@shop.example',
      recipient: `${alias.handle}@${env.MAIL_DOMAIN}`,
      subjectSealed: seal(k, `bench message ${i}`),
      textSealed: seal(k, text),
      htmlSealed: seal(k, html),
      rawSealed: seal(k, raw),
      hasHtml: true,
      size: raw.length,
      sentAt: new Date(),
    }));
    const inserted = await insertMessagesBulk(db, rows);
    await adjustAliasCounters(db, alias.id, { unread: n, total: n });
    const messageId = inserted[inserted.length - 1]!.id;
    await database.settle();

    // ---- The api in its own process ----
    const { child: api, base } = await startApiProcess(env);
    children.push(api);
    const cookie = await signInCookie(base, handle, password);

    const targets: Array<[string, string]> = [
      ['inbox list (50)', `/api/account/${account.id}/alias/${alias.id}/messages`],
      ['message fetch', `/api/account/${account.id}/alias/${alias.id}/message/${messageId}`],
    ];
    const figures: LatencyFigure[] = [];
    for (const [name, path] of targets) {
      const check = await fetch(base + path, { headers: { cookie } });
      const body = (await check.json()) as { messages?: unknown[] };
      if (check.status !== 200 || (path.endsWith('/messages') && body.messages?.length !== 50)) {
        throw new Error(`${name}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      figures.push({ name, ...(await measureRoute(db, api.pid, { url: base + path, connections, seconds, cookie, warmup: 2 })) });
    }
    figures.push(await maildevList(connections, seconds));
    console.log(`\nAPI latency (${connections} connections, ${seconds} s each, real Postgres)\n`);
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(18)} p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ${f.rps.toFixed(0).padStart(6)} req/s   CPU ${f.cpuMsPerRequest.toFixed(2)} ms/req${f.pgCpuMsPerRequest === undefined ? '' : ` + Postgres ${f.pgCpuMsPerRequest.toFixed(2)}`}${f.errors ? `   ${f.errors} errors` : ''}`,
      );
    }
    // Let it shut down by itself, so that a --cpu-prof in BENCH_API_FLAGS writes its profile.
    const exited = new Promise((res) => api.once('exit', res));
    api.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    return figures;
  } finally {
    await services?.close().catch(() => undefined);
    for (const c of children) c.kill('SIGKILL');
    await sleep(300);
    await database.drop().catch(() => undefined);
  }
}

/**
 * What a bench of the api runs on: a private Redis and a fresh database on the Postgres server of
 * BENCH_PG_URL, with the environment the api's process gets. The caller kills `children` and drops
 * the database.
 */
export async function benchBackends(dbPrefix: string, dirPrefix: string) {
  const pgAdmin = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const children: ChildProcess[] = [];
  const redisPort = await freePort();
  children.push(
    spawn(
      'redis-server',
      [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    ),
  );
  await waitPort(redisPort);
  const database = await createScratchDatabase(pgAdmin, dbPrefix);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    MASTER_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: mkdtempSync(join(tmpdir(), dirPrefix)),
    MAIL_DOMAIN: 'bench.localhost',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  return { env, database, children };
}

export const figure = (r: autocannon.Result) => ({
  p50: r.latency.p50,
  p99: r.latency.p99,
  rps: r.requests.average,
  errors: r.errors + r.timeouts + r.non2xx,
});
export const perRequest = (ms: number, r: autocannon.Result) => Math.round((ms / Math.max(1, r.requests.total)) * 100) / 100;

/**
 * One route under load: a warm-up of `warmup` seconds (JIT, pool, key cache), then `seconds` measured,
 * with the CPU the api process and the Postgres backends spent per request.
 */
export async function measureRoute(
  db: Services['database']['db'],
  apiPid: number | undefined,
  load: { url: string; connections: number; seconds: number; cookie: string; warmup?: number },
) {
  const { url, connections, seconds, cookie } = load;
  await autocannon({ url, connections, duration: load.warmup ?? 1, headers: { cookie } });
  const pg = await backendsCpu(db);
  const cpu = cpuMs(apiPid);
  const r = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
  return {
    ...figure(r),
    cpuMsPerRequest: perRequest(cpuMs(apiPid) - cpu, r),
    pgCpuMsPerRequest: perRequest(await pg(), r),
  };
}

/** MailDev's inbox listing with 50 messages, as a reference for ours. */
async function maildevList(connections: number, seconds: number): Promise<LatencyFigure> {
  const smtp = await freePort();
  const web = await freePort();
  const bin = join(HERE, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const maildev = spawn(
    process.execPath,
    [bin, '--smtp', String(smtp), '--ip', '127.0.0.1', '--web', String(web), '--web-ip', '127.0.0.1', '--silent'],
    { stdio: 'ignore' },
  );
  try {
    await Promise.all([waitPort(smtp), waitPort(web)]);
    const to = 'list@bench.localhost';
    const sent = await load({ port: smtp, n: 50, connections: 4, reuse: true, to, message: messageFactory('list', to) });
    const url = `http://127.0.0.1:${web}/api/email`;
    for (let i = 0; i < 100 && ((await (await fetch(url)).json()) as unknown[]).length < sent.accepted; i++) await sleep(100);
    await autocannon({ url, connections, duration: 2 });
    const cpu = cpuMs(maildev.pid);
    const r = await autocannon({ url, connections, duration: seconds });
    return { name: 'MailDev list (50)', ...figure(r), cpuMsPerRequest: perRequest(cpuMs(maildev.pid) - cpu, r) };
  } finally {
    maildev.kill('SIGKILL');
  }
}

export interface JsFigure {
  route: string;
  gzipBytes: number;
  files: number;
}

/**
 * The SPA's initial JavaScript per route, gzipped: the entry chunk of index.html with its
 * modulepreloads, plus the route's lazy chunks, each with everything they import statically.
 * Null when apps/web/dist is not built.
 */
export function measureSpaJs(): JsFigure[] | null {
  const dist = join(ROOT, 'apps', 'web', 'dist');
  if (!existsSync(join(dist, 'index.html'))) return null;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = readdirSync(join(dist, 'assets'));
  const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const chunk = (prefix: string) => assets.filter((f) => f.endsWith('.js') && new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(f));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const todo = [...start];
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f) || !assets.includes(f)) continue;
      seen.add(f);
      // Static imports only (`import … from"./x.js"`, `import"./x.js"`), not import().
      const src = readFileSync(join(dist, 'assets', f), 'utf8');
      for (const m of src.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) todo.push(m[1]!);
    }
    return seen;
  };
  const routes: Array<[string, string[]]> = [
    ['/auth/login', ['login-page']],
    ['alias inbox', ['alias-layout', 'alias-inbox', 'sidebar']],
  ];
  return routes.map(([route, prefixes]) => {
    const files = closure([...initial, ...prefixes.flatMap(chunk)]);
    const gzipBytes = [...files].reduce((s, f) => s + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length, 0);
    return { route, gzipBytes, files: files.size };
  });
}
