// The processes of a bench: starting them as production does, ports, CPU time and memory from /proc.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Services } from '@app/runtime';
import { sql } from 'drizzle-orm';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The V8 flags of each app's production start command (the `start` script of apps/<app>/package.json,
 * which the compose file repeats), so the bench runs what production runs. BENCH_MX_FLAGS and
 * BENCH_WORKER_FLAGS override them for one app, BENCH_NODE_FLAGS for both (space-separated), to
 * compare settings or to add --cpu-prof.
 */
export function nodeFlags(app: 'mx' | 'worker'): string[] {
  const own = process.env[`BENCH_${app.toUpperCase()}_FLAGS`];
  if (own !== undefined) return own.split(' ').filter(Boolean);
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  const start = (JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  return start.split(' ').filter((w) => w.startsWith('--'));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** Waits until `count()` reaches `n` (10 minutes at most); returns the time it happened. */
export async function untilCount(count: () => number | Promise<number>, n: number, started: number): Promise<number> {
  while ((await count()) < n) {
    if (performance.now() - started > 600_000) throw new Error(`${n} stored messages did not arrive`);
    await sleep(25);
  }
  return performance.now();
}

/** Every process the bench started, for stopAll. */
const children: ChildProcess[] = [];

/** A process of the bench, its last output kept for when it fails. */
export function child(cmd: string, args: string[], env: Record<string, string>, name: string): ChildProcess & { log: string[] } {
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

/** The fields of /proc/<pid>/stat after the command's name (state is [0], ppid [1]), or null when it is gone. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  const f = pid ? statFields(pid) : null;
  return f ? (Number(f[11]) + Number(f[12])) * 10 : 0;
}

/**
 * CPU time so far of a process and everything under it, in ms: user + system of every live process in
 * the tree (found through their ppid) plus the user + system of the children each has reaped
 * (cutime + cstime). A server that forks its workers and replaces them (Postfix's master) thus counts
 * in full: a daemon that exits moves from the live sum into its parent's reaped sum.
 */
export function treeCpuMs(root: number | undefined): number {
  if (!root) return 0;
  const kids = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const f = /^\d+$/.test(name) ? statFields(name) : null;
    if (!f) continue;
    const pid = Number(name);
    ticks.set(pid, Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    kids.set(Number(f[1]), [...(kids.get(Number(f[1])) ?? []), pid]);
  }
  let sum = 0;
  for (const todo = [root]; todo.length;) {
    const pid = todo.pop()!;
    sum += ticks.get(pid) ?? 0;
    todo.push(...(kids.get(pid) ?? []));
  }
  return sum * 10;
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

/** A process metered with its whole tree (treeCpuMs) rather than alone. */
export interface ProcessTree {
  tree: ChildProcess;
}

/**
 * CPU ms per message each named process (or process tree) spent between the meter's start and `stop(n)`;
 * with a database, also the Postgres backends serving it (`postgres`).
 */
export async function cpuMeter(procs: Record<string, ChildProcess | ProcessTree>, db?: Services['database']['db']) {
  const read = (p: ChildProcess | ProcessTree) => ('tree' in p ? treeCpuMs(p.tree.pid) : cpuMs(p.pid));
  const at = Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, read(p)]));
  const pg = db ? await backendsCpu(db) : null;
  const perMsg = (ms: number, n: number) => Math.round((ms / Math.max(1, n)) * 100) / 100;
  return async (n: number): Promise<Record<string, number>> => ({
    ...Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, perMsg(read(p) - at[k]!, n)])),
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

/** Stops every process the bench started: SIGTERM first (a --cpu-prof run writes its profile on a clean exit). */
export async function stopAll(): Promise<void> {
  const live = children.reverse().filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of live) c.kill('SIGTERM');
  await Promise.race([Promise.all(live.map((c) => new Promise((r) => c.once('exit', r)))), sleep(10_000)]);
  for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await sleep(300);
}
