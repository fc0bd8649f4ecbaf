/**
 * Helpers of the tests that run the product as separate processes (crash, scale-out, shutdown,
 * CLI): a fresh Postgres database each, throwaway Redis servers, free ports, spawned apps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { waitFor } from '../../mx/test/helpers';

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
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(async () => spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().includes('PONG'), 10_000, 'redis');
  return p;
}

/** A fresh, empty database on the test Postgres server; returns its URL. */
export async function createDatabase(prefix = 'crash'): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await c.end();
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

export const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((res) => child.once('exit', (code) => res(code)));
