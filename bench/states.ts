/**
 * The tail the inbox and All mail benches share (docs/performance.md §1): routes of the api measured
 * right after a burst, with the planner's statistics still those of before it, then settled
 * (VACUUM ANALYZE); then the api stopped and everything the bench opened closed and dropped.
 */
import type { ChildProcess } from 'node:child_process';
import type { ScratchDatabase } from '@app/db/testing';
import type { Services } from '@app/runtime';
import { sql } from 'drizzle-orm';
import { measureRoute } from './api';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Db = Services['database']['db'];
/** Statistics right after the burst, or settled; the last also at one connection, a lone user's wait. */
export type StatsState = 'fresh' | 'settled' | 'settled, 1 connection';
export type RouteFigure = Awaited<ReturnType<typeof measureRoute>>;

/** Before a burst: autovacuum would analyze the table some time after it, and the bench measures before that. */
export async function holdAutovacuum(db: Db): Promise<void> {
  await db.execute(sql`alter table messages set (autovacuum_enabled = false)`);
}

export interface StatesRun {
  db: Db;
  database: ScratchDatabase;
  api: ChildProcess;
  base: string;
  cookie: string;
  connections: number;
  seconds: number;
}

/**
 * Waits until no other session of the bench's database runs a statement (at most `ms`): a route
 * slower than the run leaves requests in flight when the load stops, and their statements would
 * otherwise fall into the next route's figures.
 */
async function untilIdle(db: Db, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    )) as unknown as { rows: Array<{ n: number }> };
    if (!rows[0]?.n) return;
    await sleep(100);
  }
}

/** Each target's path under load, fresh then settled, then settled at one connection; the api is stopped afterwards. */
export async function measureFreshAndSettled<T extends { path: string }>(
  run: StatesRun,
  targets: T[],
): Promise<Array<Omit<T, 'path'> & { state: StatsState } & RouteFigure>> {
  const { db, api, base, cookie, connections, seconds } = run;
  const figures: Array<Omit<T, 'path'> & { state: StatsState } & RouteFigure> = [];
  const measure = async (state: StatsState, at = connections) => {
    for (const { path, ...target } of targets) {
      figures.push({
        ...target,
        state,
        ...(await measureRoute(db, api.pid, { url: base + path, connections: at, seconds, cookie })),
      });
      await untilIdle(db);
    }
  };
  await measure('fresh');
  await db.execute(sql`alter table messages reset (autovacuum_enabled)`);
  await run.database.settle();
  await measure('settled');
  await measure('settled, 1 connection', 1);
  const exited = new Promise((r) => api.once('exit', r));
  api.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  return figures;
}

/** Closes what a bench of the api opened: its services, its processes (the api, Redis), its database (kept with BENCH_KEEP). */
export async function closeBench(services: Services | null, children: ChildProcess[], database: ScratchDatabase): Promise<void> {
  await services?.close().catch(() => undefined);
  for (const c of children) c.kill('SIGKILL');
  await sleep(300);
  if (!process.env.BENCH_KEEP) await database.drop().catch(() => undefined);
}
