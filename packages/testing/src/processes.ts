/**
 * Helpers of the tests that run the product as separate processes (crash, scale-out, shutdown,
 * CLI): a fresh Postgres database each, throwaway Redis servers, free ports, spawned apps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@app/db/testing';
import type { Services } from '@app/runtime';
import pg from 'pg';
import { createMember } from './factories';
import { testServices } from './services';
import { waitFor } from './wait';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '../../..');
export const PG_ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
export const hasPg = await (async () => {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
})();

export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** A throwaway Redis without persistence: killing it loses every job. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitFor(
    async () =>
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .includes('PONG'),
    10_000,
    'redis',
  );
  return p;
}

/** A fresh, empty database on the test Postgres server. */
export const scratchDatabase = (prefix: string): Promise<ScratchDatabase> => createScratchDatabase(PG_ADMIN, prefix);

/** What a test undoes after it, last opened first. */
export type Cleanup = () => Promise<void> | void;

export interface ProcessRig {
  /** The variables of the spawned processes: this database, this Redis, one master key. */
  env: Record<string, string>;
  /** The test's own connection (seeding, counting; it processes no jobs). */
  services: Services;
  accountId: number;
}

/**
 * A fresh database, seeded, with one account; Redis on `redisPort`, or a throwaway one of its own;
 * the env of processes on them, and the test's services with the default queue prefix, as the
 * processes use (this Redis belongs to the test alone). What it opens goes onto `cleanups`.
 */
export async function startRig(
  name: string,
  cleanups: Cleanup[],
  opts: { redisPort?: number; env?: Record<string, string> } = {},
): Promise<ProcessRig> {
  let redisPort = opts.redisPort;
  if (redisPort === undefined) {
    redisPort = await freePort();
    const redis = await startRedis(redisPort);
    cleanups.push(() => void redis.kill('SIGKILL'));
  }
  const database = await scratchDatabase(name);
  cleanups.push(database.drop);
  const env = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    MASTER_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-`)),
    MAIL_DOMAIN: 'alias.localhost',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const services = await testServices(env, { sharedQueue: true });
  cleanups.push(() => services.close());
  return { env, services, accountId: (await createMember(services)).account.id };
}

export type AppProcess = ChildProcess & { output: string[] };

/** Runs `apps/<app>/src/main.ts` (mx, worker, api) as its own process; its output is kept for failures. */
export function spawnApp(app: string, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/${app}/src/main.ts`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as AppProcess;
  child.output = [];
  child.stdout!.on('data', (d: Buffer) => child.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => child.output.push(d.toString()));
  return child;
}

/**
 * Builds `apps/<app>/dist/main.js` (scripts/build-app.mjs) and runs it as production does: plain
 * node with the V8 flags of the app's `start` script.
 */
export function spawnBuiltApp(app: string, env: Record<string, string>): AppProcess {
  const dir = join(ROOT, 'apps', app);
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-app.mjs')], { cwd: dir, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build of apps/${app} failed:\n${build.stderr}${build.stdout}`);
  const start = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = start.split(' ').filter((w) => w.startsWith('--'));
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as AppProcess;
  child.output = [];
  child.stdout!.on('data', (d: Buffer) => child.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => child.output.push(d.toString()));
  return child;
}

export const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((res) => child.once('exit', (code) => res(code)));
