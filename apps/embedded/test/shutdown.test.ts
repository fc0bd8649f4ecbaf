// SIGTERM with a job stuck in retry: the one-process app stops within its bound (SHUTDOWN_GRACE_MS)
// and exits, and the mail it gave up on is still queued in the database for the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxTo } from '@app/db';
import { createScratchDatabase, type ScratchDatabase } from '@app/db/testing';
import { createServices, loadConfig } from '@app/runtime';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ADMIN_EMAIL = 'owner@example.org';

// A relay that is gone the way a dead host behind a load balancer is: it accepts the connection and
// never says a word, so the send hangs until nodemailer's own timeouts (30 s each).
let relay: Server;
let relayPort: number;
const sockets: Socket[] = [];
let dataDir: string;
let database: ScratchDatabase | undefined;

beforeAll(async () => {
  relay = createServer((s) => {
    sockets.push(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  relayPort = (relay.address() as { port: number }).port;
  dataDir = mkdtempSync(join(tmpdir(), 'alias-shutdown-'));
  if (process.env.DATABASE_URL) database = await createScratchDatabase(process.env.DATABASE_URL, 'alias_shutdown');
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => relay.close(r));
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/**
 * The env of the child: a fresh PGlite dir, or with DATABASE_URL / REDIS_URL set a fresh database
 * on that server and Redis keys of its own.
 */
function childEnv(): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '0',
    IMAP_PORT: '0',
    POP3_PORT: '0',
    ADMIN_PASSWORD: 'shutdown-Test-Passw0rd',
    ADMIN_EMAIL,
    SMTP_RELAY_URL: `smtp://127.0.0.1:${relayPort}`,
    SHUTDOWN_GRACE_MS: '3000',
    LOG_LEVEL: 'warn',
  };
  if (database) {
    env.DATABASE_URL = database.url;
    env.MASTER_KEY = randomBytes(32).toString('base64');
  }
  if (process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    env.REDIS_PREFIX = `shutdown-${randomBytes(6).toString('hex')}`;
  }
  return env;
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${out}`)));
  });
}

describe('embedded process shutdown', () => {
  it('exits within its bound on SIGTERM while an outbound mail is stuck on a dead relay', async () => {
    const env = childEnv();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [, url] = await waitForLine(child, /Web:\s+(http:\/\/\S+)/);
      // A password reset for the admin: its outbound job connects to the relay and hangs there.
      const connected = new Promise<void>((r) => relay.once('connection', () => r()));
      const res = await fetch(`${url}/api/reset`, {
        method: 'POST',
        headers: { 'x-requested-with': 'fetch', 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL }),
      });
      expect(res.status).toBe(200);
      await connected;

      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      // The bound is 3 s here; the relay would hold the send for 30 s and more.
      const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
      expect(code).not.toBe('hung');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }

    // What was given up on is safe: the mail is still queued for the next start.
    const services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'check' });
    try {
      const [row] = await listOutboxTo(services.database.db, ADMIN_EMAIL);
      expect(row?.state).toBe('queued');
    } finally {
      await services.close();
    }
  });
});
