// Every start-up failure is one line naming the cause and the fix, JSON on a pipe, exit code non-zero
// (docs/operations.md "Health checks and shutdown"); Redis going away is one line, and one when it is
// back. Each case spawns a real process entry as operators start it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, hasPg, hasRedis, PG_ADMIN, startRedis } from '@app/testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'alias-startup-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

interface Line {
  name: string;
  msg: string;
  level: number;
  stack?: string;
}

/** Spawns an entry; resolves when it exits, or when `until` matches a log line (then it keeps running). */
function start(script: string, env: Record<string, string>, until?: RegExp) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir(),
      PORT: '0',
      SMTP_PORT: '0',
      IMAP_PORT: '0',
      POP3_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  let out = '';
  let err = '';
  const seen: { out: () => string; err: () => string } = { out: () => out, err: () => err };
  const done = new Promise<{ code: number | null; err: string; lines: Line[] }>((resolve) => {
    const check = () => {
      if (until && until.test(out)) resolve({ code: null, err, lines: [] });
    };
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      check();
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) =>
      resolve({
        code,
        err: err.trim(),
        lines: err
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Line),
      }),
    );
  });
  return { child, done, seen };
}

/** A start that must fail: exactly one JSON line on stderr, no stack; returns its message. */
async function failsWith(script: string, env: Record<string, string>): Promise<string> {
  const { done } = start(script, env);
  const r = await done;
  expect(r.code, r.err).toBe(1);
  expect(r.lines, r.err).toHaveLength(1);
  expect(r.lines[0]!.stack).toBeUndefined();
  expect(r.lines[0]!.level).toBe(60);
  return r.lines[0]!.msg;
}

describe('start-up failures are one line naming cause and fix', { timeout: 120_000 }, () => {
  it('a port in use', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => busy.close(r)));
    const port = (busy.address() as { port: number }).port;
    expect(await failsWith('apps/api/src/main.ts', { PORT: String(port) })).toBe(
      `cannot start: 127.0.0.1:${port} is in use by another process: stop it, or set PORT to a free port`,
    );
    expect(await failsWith('apps/mx/src/main.ts', { SMTP_PORT: String(port) })).toBe(
      `cannot start: 127.0.0.1:${port} is in use by another process: stop it, or set SMTP_PORT to a free port`,
    );
  });

  it('a missing STARTTLS file', async () => {
    expect(
      await failsWith('apps/mx/src/main.ts', { SMTP_TLS_KEY: '/nonexistent/key.pem', SMTP_TLS_CERT: '/nonexistent/cert.pem' }),
    ).toBe(
      'cannot start: SMTP_TLS_KEY: cannot read /nonexistent/key.pem (ENOENT): put the file there, readable by this user, or unset SMTP_TLS_KEY and SMTP_TLS_CERT to run without STARTTLS',
    );
  });

  it('a bad variable exits 2 with the variable named', async () => {
    const { done } = start('apps/worker/src/main.ts', { MAIL_DOMAIN: 'not a domain' });
    const r = await done;
    expect(r.code).toBe(2);
    expect(r.lines.map((l) => l.msg)).toEqual(['cannot start: Invalid configuration: MAIL_DOMAIN: must be a domain name']);
  });

  it('Postgres that does not answer, with its host', async () => {
    expect(
      await failsWith('apps/worker/src/main.ts', {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/alias',
        MASTER_KEY: randomBytes(32).toString('base64'),
      }),
    ).toBe(
      'cannot start: DATABASE_URL: Postgres at 127.0.0.1:1 does not answer (ECONNREFUSED): start it, or fix the host in DATABASE_URL',
    );
  });

  it('Redis that does not answer, with its host', async () => {
    expect(await failsWith('apps/api/src/main.ts', { REDIS_URL: 'redis://127.0.0.1:1' })).toBe(
      'cannot start: REDIS_URL: Redis at 127.0.0.1:1 does not answer (ECONNREFUSED): start it, or fix the host in REDIS_URL',
    );
  });

  it.runIf(hasPg)('a missing database is created when the role may, and named with the fix when it may not', async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    const name = `alias_missing_${randomBytes(4).toString('hex')}`;
    const role = `alias_nocreate_${randomBytes(4).toString('hex')}`;
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    });
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    const key = randomBytes(32).toString('base64');
    const created = start('apps/worker/src/main.ts', { DATABASE_URL: url.toString(), MASTER_KEY: key });
    // The database appearing is the proof (the worker logs nothing once it is up).
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await admin.query('select 1 from pg_database where datname = $1', [name])).rows).toHaveLength(1);
    created.child.kill('SIGTERM');
    await created.done;

    await admin.query(`create role ${role} login nocreatedb`);
    const other = new URL(PG_ADMIN);
    other.username = role;
    other.pathname = `/${name}_other`;
    expect(await failsWith('apps/worker/src/main.ts', { DATABASE_URL: other.toString(), MASTER_KEY: key })).toBe(
      `cannot start: DATABASE_URL: the database "${name}_other" does not exist at ${other.hostname}:${other.port || 5432} and this role may not create it: create it (createdb -h ${other.hostname} ${name}_other) or fix DATABASE_URL`,
    );
  });

  it.runIf(hasRedis)('Redis going away: one line, retries, one line when it is back, no ioredis stack', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    cleanups.push(() => redis.kill('SIGKILL'));
    const api = start('apps/api/src/main.ts', { REDIS_URL: `redis://127.0.0.1:${port}` }, /api listening/);
    await api.done;
    redis.kill('SIGKILL');
    const waitFor = async (re: RegExp) => {
      for (let i = 0; i < 300 && !re.test(api.seen.out()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(api.seen.out()).toMatch(re);
    };
    await waitFor(/Redis is unreachable: retrying with backoff/);
    // Several seconds of retries by every client of the process.
    await new Promise((r) => setTimeout(r, 5_000));
    redis = await startRedis(port);
    await waitFor(/Redis is back/);
    const out = api.seen.out() + api.seen.err();
    expect(out.match(/Redis is unreachable/g)).toHaveLength(1);
    expect(out.match(/Redis is back/g)).toHaveLength(1);
    expect(out).not.toMatch(/Unhandled error event|\n\s+at /);
    api.child.kill('SIGTERM');
  });
});
