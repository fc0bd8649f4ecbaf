/**
 * SMTP ingest benchmark (docs/performance.md §1): 20 KB multipart messages over 8 connections that reuse their
 * session, end to end (SMTP 250 → parsed, sealed, stored, visible) on real Postgres and Redis,
 * side by side with MailDev (in-memory store) and a bare discarding smtp-server in the same run.
 * Every message is checked: each of ours is decrypted and matched to its index, exactly once.
 *
 * Needs Postgres (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is created and dropped) and `redis-server` on PATH (a private instance is started).
 * BENCH_N sets the message count (default 3000), BENCH_ROUNDS how often the reused-session phase
 * runs per target, interleaved (default 2; the best round of each target counts, so a burst of
 * noise from other work on the machine hurts no target more than another).
 *
 * Fairness: every target gets the same warm-up and the same load generator (this process). MailDev
 * answers 250 only after it has parsed the message and kept it in memory, so its accept rate is its
 * end-to-end rate; its API is polled only after the timed run, as a check, because listing every
 * message costs MailDev CPU that would slow the run. Besides wall-clock rates, each phase records
 * the CPU time per message of every server process (/proc/<pid>/stat): on a shared machine that
 * figure, not the rate, is the one to compare changes with.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storagePerMessage, type StorageFigure } from './storage';
import { accounts, findAliasById, inbound, insertAlias, keys, messages, seed } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { createServices, loadConfig, openText, unwrapKey, type Services } from '@app/runtime';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { load, messageFactory } from './smtp-client';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const MAIL_DOMAIN = 'bench.localhost';

/**
 * The V8 flags of each app's production start command (the `start` script of apps/<app>/package.json,
 * which the compose file repeats), so the bench runs what production runs. BENCH_MX_FLAGS and
 * BENCH_WORKER_FLAGS override them for one app, BENCH_NODE_FLAGS for both (space-separated), to
 * compare settings or to add --cpu-prof.
 */
function nodeFlags(app: 'mx' | 'worker'): string[] {
  const own = process.env[`BENCH_${app.toUpperCase()}_FLAGS`];
  if (own !== undefined) return own.split(' ').filter(Boolean);
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  const start = (JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  return start.split(' ').filter((w) => w.startsWith('--'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export async function waitPort(port: number, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((res) => {
      const s = connect(port, '127.0.0.1', () => {
        s.destroy();
        res(true);
      });
      s.on('error', () => res(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`port ${port} did not open`);
    await sleep(100);
  }
}

const children: ChildProcess[] = [];
function child(cmd: string, args: string[], env: Record<string, string>, name: string): ChildProcess & { log: string[] } {
  const p = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { log: string[] };
  p.log = [];
  const keep = (d: Buffer) => {
    p.log.push(d.toString());
    if (p.log.length > 200) p.log.shift();
  };
  p.stdout!.on('data', keep);
  p.stderr!.on('data', keep);
  p.on('exit', (code, signal) => {
    if (code && !signal) console.error(`[${name}] exited with ${code}:\n${p.log.join('').slice(-2000)}`);
  });
  children.push(p);
  return p;
}

/** Builds the apps' dist/main.js (scripts/build-app.mjs), as `pnpm start` and the image do. */
export function buildApps(apps: string[]): void {
  for (const app of apps) {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-app.mjs')], {
      cwd: join(ROOT, 'apps', app),
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`build of apps/${app} failed:\n${r.stderr}${r.stdout}`);
  }
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU time the Postgres backends serving the database of `db` spend from now until the returned
 * function is called (Postgres runs on this machine). A backend that starts meanwhile counts in
 * full; one that ends meanwhile reads 0 and is left out. The backend asking is not counted.
 */
export async function backendsCpu(db: Services['database']['db']): Promise<() => Promise<number>> {
  const pids = async () =>
    (
      (await db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )) as unknown as { rows: Array<{ pid: number }> }
    ).rows.map((r) => r.pid);
  const start = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
  return async () => (await pids()).reduce((sum, pid) => sum + Math.max(0, cpuMs(pid) - (start.get(pid) ?? 0)), 0);
}

/**
 * CPU ms per message each named process spent between the meter's start and `stop(n)`; with a
 * database, also the Postgres backends serving it (`postgres`).
 */
async function cpuMeter(procs: Record<string, ChildProcess>, db?: Services['database']['db']) {
  const at = Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, cpuMs(p.pid)]));
  const pg = db ? await backendsCpu(db) : null;
  const perMsg = (ms: number, n: number) => Math.round((ms / Math.max(1, n)) * 100) / 100;
  return async (n: number): Promise<Record<string, number>> => ({
    ...Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, perMsg(cpuMs(p.pid) - at[k]!, n)])),
    ...(pg ? { postgres: perMsg(await pg(), n) } : {}),
  });
}

export function peakRssMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | null {
  if (!pid) return null;
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export interface Phase {
  target: string;
  mode: string;
  n: number;
  acceptMs: number;
  e2eMs: number | null;
  refused: number;
  checked: string;
  /** CPU ms per message of each server process during the phase. */
  cpuPerMsg?: Record<string, number>;
  /** Scale-out only: Message-IDs stored more than once (must be 0). */
  duplicates?: number;
}

export interface IngestBenchOptions {
  n?: number;
  connections?: number;
  /** Connection counts of the new-connection-per-message mode (docs/performance.md §1). */
  newConnections?: number[];
}

export interface Rss {
  mx: number | null;
  worker: number | null;
  idleMx: number | null;
  idleWorker: number | null;
}

export async function runIngestBench(
  opts: IngestBenchOptions = {},
): Promise<{ phases: Phase[]; rss: Rss; storage: StorageFigure }> {
  const N = opts.n ?? Number(process.env.BENCH_N ?? 3000);
  const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
  const CONNS = opts.connections ?? 8;
  const NEWCONN =
    opts.newConnections ??
    (process.env.BENCH_NEWCONN ?? '8,128')
      .split(',')
      .map(Number)
      .filter((c) => c > 0);
  // BENCH_TARGETS=ours (for profiling) skips the comparison servers.
  const only = process.env.BENCH_TARGETS?.split(',');
  const want = (t: string) => !only || only.includes(t);
  const pgAdmin = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (spawnSync('redis-server', ['--version']).status !== 0) throw new Error('redis-server is not on PATH');

  // ---- Infrastructure: a private Redis and a fresh database ----
  const redisPort = await freePort();
  const redis = child(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    {},
    'redis',
  );
  await waitPort(redisPort);
  const database = await createScratchDatabase(pgAdmin, 'bench');

  const smtpPort = await freePort();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    MASTER_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
    MAIL_DOMAIN,
    LOG_LEVEL: 'warn',
    SMTP_PORT: String(smtpPort),
    SMTP_HOST: '127.0.0.1',
    // Every bench connection comes from 127.0.0.1: the per-address and per-network limits would
    // refuse most of the 128-connection phase (MailDev has no such limits).
    MX_MAX_PER_IP: '1000',
    MX_MAX_PER_NETWORK: '1000',
    MX_MAX_CLIENTS: '1000',
  };
  let services: Services | null = null;
  const phases: Phase[] = [];
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const db = services.database.db;
    await seed(db, { mailDomain: MAIL_DOMAIN, adminPasswordHash: async () => 'x' });
    const [acct] = await db
      .insert(accounts)
      .values({
        handle: `bench_${randomBytes(3).toString('hex')}`,
        email: `bench@${MAIL_DOMAIN}`,
        approvedAt: new Date(),
        registeredAt: new Date(),
      })
      .returning({ id: accounts.id });
    const accountId = acct!.id;
    const svc = services;
    const newAlias = async () => {
      const key = await svc.keys.create(db, await svc.keys.accountKey(db, accountId));
      return insertAlias(db, { accountId, domainId: 1, handle: `b${randomBytes(5).toString('hex')}`, keyId: key.id });
    };

    // ---- Servers under test: the production bundles (plain node, as in the Docker image) ----
    buildApps(['mx', 'worker']);
    const tsx = ['--import', 'tsx'];
    const mx = child(process.execPath, [...nodeFlags('mx'), 'apps/mx/dist/main.js'], env, 'mx');
    let worker = child(process.execPath, [...nodeFlags('worker'), 'apps/worker/dist/main.js'], env, 'worker');
    const sinkPort = await freePort();
    const sink = child(process.execPath, [...tsx, 'bench/sink.ts', String(sinkPort)], {}, 'sink');
    const maildevPort = await freePort();
    const maildevWeb = await freePort();
    const maildevBin = join(HERE, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
    const maildev = child(
      process.execPath,
      [
        maildevBin,
        '--smtp',
        String(maildevPort),
        '--ip',
        '127.0.0.1',
        '--web',
        String(maildevWeb),
        '--web-ip',
        '127.0.0.1',
        '--silent',
      ],
      {},
      'maildev',
    );
    await Promise.all([waitPort(smtpPort), waitPort(sinkPort), waitPort(maildevPort), waitPort(maildevWeb)]);
    await sleep(1000);
    const idle = { mx: peakRssMb(mx.pid, 'VmRSS'), worker: peakRssMb(worker.pid, 'VmRSS') };

    const stored = async (aliasId: number) =>
      Number((await db.select({ n: count() }).from(messages).where(eq(messages.aliasId, aliasId)))[0]!.n);

    /** Every message of the phase decrypted and matched to its index, exactly once. */
    const checkOurs = async (aliasId: number, runId: string, n: number): Promise<string> => {
      const alias = (await findAliasById(db, aliasId))!;
      const aliasKey = await svc.keys.aliasKey(db, alias);
      const rows = await db
        .select({ subject: messages.subjectSealed, wrapped: keys.wrapped, inboundId: messages.inboundId })
        .from(messages)
        .innerJoin(keys, eq(keys.id, messages.keyId))
        .where(eq(messages.aliasId, aliasId));
      const seen = new Set<number>();
      for (const r of rows) {
        const m = new RegExp(`^bench ${runId} (\\d+)$`).exec(openText(unwrapKey(aliasKey, r.wrapped), r.subject) ?? '');
        if (!m) return `BAD subject`;
        seen.add(Number(m[1]));
      }
      const ids = rows.map((r) => r.inboundId!).filter(Boolean);
      const done = ids.length
        ? Number(
            (
              await db
                .select({ n: count() })
                .from(inbound)
                .where(and(inArray(inbound.id, ids), eq(inbound.state, 'done')))
            )[0]!.n,
          )
        : 0;
      const ok = rows.length === n && seen.size === n && done === n;
      return ok ? `all ${n} decrypted, once each` : `MISMATCH rows=${rows.length} unique=${seen.size} done=${done}`;
    };

    const maildevCount = async () => {
      const res = await fetch(`http://127.0.0.1:${maildevWeb}/api/email`);
      return ((await res.json()) as unknown[]).length;
    };
    const maildevClear = () => fetch(`http://127.0.0.1:${maildevWeb}/api/email/all`, { method: 'DELETE' }).catch(() => undefined);

    /** Waits until the alias holds `n` messages; returns the time it happened. */
    const untilStored = async (aliasId: number, n: number, started: number) => {
      while ((await stored(aliasId)) < n) {
        if (performance.now() - started > 600_000) throw new Error('ingest did not finish');
        await sleep(25);
      }
      return performance.now();
    };

    const runOurs = async (mode: string, n: number, connections: number, reuse: boolean) => {
      const alias = await newAlias();
      const to = `${alias.handle}@${MAIL_DOMAIN}`;
      const runId = randomBytes(3).toString('hex');
      // Everything the pipeline runs on: its processes, its Redis (wake-ups, live events), its Postgres backends.
      const cpu = await cpuMeter({ mx, worker, redis }, db);
      const started = performance.now();
      const r = await load({ port: smtpPort, n, connections, reuse, to, message: messageFactory(runId, to) });
      const acceptMs = performance.now() - started;
      const e2eMs = (await untilStored(alias.id, r.accepted, started)) - started;
      const cpuPerMsg = await cpu(r.accepted);
      phases.push({
        target: 'ours',
        mode,
        n,
        acceptMs,
        e2eMs,
        refused: r.refused,
        checked: await checkOurs(alias.id, runId, r.accepted),
        cpuPerMsg,
      });
    };

    const runOther = async (target: 'maildev' | 'sink', mode: string, n: number, connections: number, reuse: boolean) => {
      if (target === 'maildev') {
        await maildevClear();
        await sleep(200); // its files are deleted in the background
      }
      const runId = randomBytes(3).toString('hex');
      const to = `bench@${MAIL_DOMAIN}`;
      const cpu = await cpuMeter(target === 'maildev' ? { maildev } : { sink });
      const r = await load({
        port: target === 'maildev' ? maildevPort : sinkPort,
        n,
        connections,
        reuse,
        to,
        message: messageFactory(runId, to),
      });
      const cpuPerMsg = await cpu(r.accepted);
      let checked = `${r.accepted} answered 250`;
      if (target === 'maildev') {
        let have = 0;
        for (let i = 0; i < 100 && (have = await maildevCount()) < r.accepted; i++) await sleep(100);
        checked = `${have} listed by its API`;
      }
      phases.push({ target, mode, n, acceptMs: r.ms, e2eMs: null, refused: r.refused, checked, cpuPerMsg });
    };

    // ---- Warm-up (JIT, pools, Postgres caches), not reported; the same for every target ----
    const WARM = 1000;
    if (want('sink')) await runOther('sink', 'warm-up', WARM, CONNS, true);
    if (want('maildev')) await runOther('maildev', 'warm-up', WARM, CONNS, true);
    if (want('ours')) await runOurs('warm-up', WARM, CONNS, true);
    phases.length = 0;

    // Reused sessions: ROUNDS interleaved rounds, the best of each target kept.
    const reuseMode = `${CONNS} conns, reused sessions`;
    const rounds: Phase[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (want('sink')) await runOther('sink', reuseMode, N, CONNS, true);
      if (want('maildev')) await runOther('maildev', reuseMode, N, CONNS, true);
      if (want('ours')) await runOurs(reuseMode, N, CONNS, true);
      rounds.push(...phases.splice(0));
    }
    const speed = (p: Phase) => (p.n - p.refused) / (p.e2eMs ?? p.acceptMs);
    for (const target of ['sink', 'maildev', 'ours']) {
      const best = rounds.filter((p) => p.target === target).sort((a, b) => speed(b) - speed(a))[0];
      if (best) phases.push({ ...best, checked: `${best.checked}; best of ${ROUNDS}` });
    }
    for (const c of NEWCONN) {
      const n = Math.min(N, c * 8);
      const mode = `${c} conns, new connection per message`;
      if (want('sink')) await runOther('sink', mode, n, c, false);
      if (want('maildev')) await runOther('maildev', mode, n, c, false);
      if (want('ours')) await runOurs(mode, n, c, false);
    }
    const rss = { mx: peakRssMb(mx.pid), worker: peakRssMb(worker.pid), idleMx: idle.mx, idleWorker: idle.worker };

    // ---- The two halves alone: the mx with no worker running, then the worker draining ----
    if (want('ours') && process.env.BENCH_SPLIT !== '0') {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
      const alias = await newAlias();
      const to = `${alias.handle}@${MAIL_DOMAIN}`;
      const runId = randomBytes(3).toString('hex');
      const mxCpu = await cpuMeter({ mx, redis }, db);
      const r = await load({ port: smtpPort, n: N, connections: CONNS, reuse: true, to, message: messageFactory(runId, to) });
      phases.push({
        target: 'ours: mx only',
        mode: 'split',
        n: N,
        acceptMs: r.ms,
        e2eMs: null,
        refused: r.refused,
        checked: `${r.accepted} committed, worker stopped`,
        cpuPerMsg: await mxCpu(r.accepted),
      });
      worker = child(process.execPath, [...nodeFlags('worker'), 'apps/worker/dist/main.js'], env, 'worker');
      let first = 0;
      let workerCpu: Awaited<ReturnType<typeof cpuMeter>> | null = null;
      for (;;) {
        const have = await stored(alias.id);
        if (have > 0 && !first) {
          first = performance.now();
          workerCpu = await cpuMeter({ worker, redis }, db);
        }
        if (have >= r.accepted) break;
        await sleep(20);
      }
      const drainMs = performance.now() - first;
      phases.push({
        target: 'ours: worker drain',
        mode: 'split',
        n: N,
        acceptMs: drainMs,
        e2eMs: null,
        refused: 0,
        checked: await checkOurs(alias.id, runId, r.accepted),
        cpuPerMsg: await workerCpu?.(r.accepted),
      });
    }

    // ---- Scale-out: a second mx and a second worker on the same Postgres and Redis ----
    if (want('ours') && process.env.BENCH_SCALE !== '0') {
      const smtpPort2 = await freePort();
      const mx2 = child(
        process.execPath,
        [...nodeFlags('mx'), 'apps/mx/dist/main.js'],
        { ...env, SMTP_PORT: String(smtpPort2), METRICS_PORT: String(await freePort()) },
        'mx2',
      );
      const worker2 = child(
        process.execPath,
        [...nodeFlags('worker'), 'apps/worker/dist/main.js'],
        { ...env, METRICS_PORT: String(await freePort()) },
        'worker2',
      );
      await waitPort(smtpPort2);
      await sleep(1000);
      const alias = await newAlias();
      const to = `${alias.handle}@${MAIL_DOMAIN}`;
      const runId = randomBytes(3).toString('hex');
      const message = messageFactory(runId, to);
      const cpu = await cpuMeter({ mx, mx2, worker, worker2, redis }, db);
      const started = performance.now();
      // Even indexes through the first mx, odd through the second, half the connections each.
      const half = Math.floor(N / 2);
      const [a, b] = await Promise.all([
        load({ port: smtpPort, n: N - half, connections: CONNS / 2, reuse: true, to, message: (i) => message(2 * i) }),
        load({ port: smtpPort2, n: half, connections: CONNS / 2, reuse: true, to, message: (i) => message(2 * i + 1) }),
      ]);
      const accepted = a.accepted + b.accepted;
      const e2eMs = (await untilStored(alias.id, accepted, started)) - started;
      const cpuPerMsg = await cpu(accepted);
      // Nothing stored twice: one row per Message-ID header.
      const twice = await db
        .select({ id: messages.messageIdHeader, n: count() })
        .from(messages)
        .where(eq(messages.aliasId, alias.id))
        .groupBy(messages.messageIdHeader)
        .having(gt(count(), 1));
      const checked = `${await checkOurs(alias.id, runId, accepted)}; ${twice.length} Message-IDs stored twice`;
      phases.push({
        target: 'ours: 2 mx + 2 workers',
        mode: 'scale-out',
        n: N,
        acceptMs: Math.max(a.ms, b.ms),
        e2eMs,
        refused: a.refused + b.refused,
        checked,
        cpuPerMsg,
        duplicates: twice.length,
      });
      for (const p of [mx2, worker2]) p.kill('SIGTERM');
    }

    print(phases, rss);
    const storage = await storagePerMessage(db);
    console.log(
      `\nOn disk per stored message (${storage.messages} messages): ${storage.tables.map((t) => `${t.table} ${t.rowsPerMessage.toFixed(2)} rows ${Math.round(t.bytesPerMessage)} B`).join(', ')}; ${Math.round(storage.bytesPerMessage)} B, ${storage.gbPerMillion.toFixed(1)} GB per million`,
    );
    return { phases, rss, storage };
  } finally {
    await services?.close().catch(() => undefined);
    // SIGTERM first: a process started with --cpu-prof writes its profile on a clean exit.
    const live = children.reverse().filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of live) c.kill('SIGTERM');
    await Promise.race([Promise.all(live.map((c) => new Promise((r) => c.once('exit', r)))), sleep(10_000)]);
    for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sleep(300);
    await database.drop().catch(() => undefined);
  }
}

function print(phases: Phase[], rss: Rss) {
  const rate = (n: number, ms: number) => n / (ms / 1000);
  const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const cpu = (p: Phase) =>
    p.cpuPerMsg
      ? Object.entries(p.cpuPerMsg)
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join(', ')
      : '-';
  const modes = [...new Set(phases.map((p) => p.mode))];
  console.log('\nSMTP ingest (20 KB multipart; ours = end to end: 250 → parsed, sealed, stored, visible)\n');
  console.log(`${'mode'.padEnd(38)} ${'target'.padEnd(22)}  msgs   accept msg/s   e2e msg/s   CPU ms/msg             check`);
  for (const mode of modes) {
    for (const p of phases.filter((x) => x.mode === mode)) {
      console.log(
        `${mode.padEnd(38)} ${p.target.padEnd(22)} ${String(p.n).padStart(5)}   ${fmt(rate(p.n - p.refused, p.acceptMs)).padStart(12)}   ${(p.e2eMs ? fmt(rate(p.n - p.refused, p.e2eMs)) : '-').padStart(9)}   ${cpu(p).padEnd(22)} ${p.checked}${p.refused ? ` (${p.refused} refused)` : ''}`,
      );
    }
    if (mode === 'scale-out')
      console.log(`${''.padEnd(38)} on a 2-core machine this shows the cost of running two of each, not a speed-up\n`);
    const get = (t: string) => phases.find((x) => x.mode === mode && x.target === t);
    const ours = get('ours');
    const md = get('maildev');
    const sink = get('sink');
    if (!ours || !md || !sink) continue;
    const oursE2e = rate(ours.n - ours.refused, ours.e2eMs!);
    console.log(
      `${''.padEnd(38)} ratios: ours e2e / MailDev = ${(oursE2e / rate(md.n - md.refused, md.acceptMs)).toFixed(2)}×, ours e2e / bare smtp-server = ${(oursE2e / rate(sink.n - sink.refused, sink.acceptMs)).toFixed(3)}×\n`,
    );
  }
  console.log(
    `peak RSS under load: mx ${rss.mx ?? '?'} MB, worker ${rss.worker ?? '?'} MB (idle after start: mx ${rss.idleMx ?? '?'} MB, worker ${rss.idleWorker ?? '?'} MB)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runIngestBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
