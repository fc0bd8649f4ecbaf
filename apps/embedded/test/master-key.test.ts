// The master key proves itself (docs/security.md AR5): a database remembers an HMAC of its key, and
// every process entry and the CLI refuse another key in one line, before anything is sealed under it.
// Each process is spawned as operators start it, on a PGlite DATA_DIR written with another key.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findKeyCheck, keyCheck } from '@app/db';
import { createServices, keyCheckMac, loadConfig, masterKeyFrom, MasterKeyMismatchError } from '@app/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbedded } from '../src/index';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'alias-key-'));
  dirs.push(d);
  return d;
}

/** Runs a process entry (or the CLI) as its own process and waits for it to end. */
function run(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: '0',
          SMTP_PORT: '0',
          IMAP_PORT: '0',
          POP3_PORT: '0',
          LOG_LEVEL: 'warn',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout.trim(), err: stderr.trim() }),
    );
  });
}

/** A DATA_DIR whose database was written with `key`. */
async function writtenWith(key: string): Promise<string> {
  const dir = dataDir();
  const services = await createServices(loadConfig({ DATA_DIR: dir, MASTER_KEY: key, LOG_LEVEL: 'silent' }));
  await services.close();
  return dir;
}

describe('AR5 the master key proves itself', () => {
  it('api, mx, worker, the one-process app and the CLI each refuse a wrong MASTER_KEY in one line, without a stack', async () => {
    const dir = await writtenWith(randomBytes(32).toString('base64'));
    const env = { DATA_DIR: dir, MASTER_KEY: randomBytes(32).toString('base64') };
    for (const [name, script] of [
      ['api', 'apps/api/src/main.ts'],
      ['mx', 'apps/mx/src/main.ts'],
      ['worker', 'apps/worker/src/main.ts'],
      ['alias', 'apps/embedded/src/main.ts'],
    ] as const) {
      const r = await run(script, env);
      expect(r.code, script).toBe(1);
      const lines = r.err.split('\n');
      expect(lines, r.err).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as { name: string; msg: string; stack?: string };
      expect(line.name).toBe(name);
      expect(line.msg).toBe(
        'cannot start: MASTER_KEY is not the key this database was written with: set MASTER_KEY to that key (a key is changed only with `cli rotate-master-key`)',
      );
      expect(line.stack).toBeUndefined();
      expect(r.out, script).not.toMatch(/listening/);
    }
    const cli = await run('apps/api/src/cli.ts', env, ['migrate']);
    expect(cli.code).toBe(1);
    expect(cli.err).toBe(
      'migrate: MASTER_KEY is not the key this database was written with: set MASTER_KEY to that key (a key is changed only with `cli rotate-master-key`); nothing was changed',
    );
    expect(cli.out).toBe('');
  });

  it('a wrong key in the key file is named as that file', async () => {
    const dir = await writtenWith(randomBytes(32).toString('base64'));
    const file = join(dataDir(), 'key');
    writeFileSync(file, randomBytes(32).toString('base64') + '\n');
    const r = await run('apps/embedded/src/main.ts', { DATA_DIR: dir, MASTER_KEY_FILE: file });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.err) as { msg: string }).msg).toBe(
      `cannot start: MASTER_KEY_FILE (${file}) does not hold the key this database was written with: put that key in it (a key is changed only with \`cli rotate-master-key\`)`,
    );
  });

  it('a database of the previous release gets its proof on the first start, after its key opened a wrapped key; a wrong key there is refused', async () => {
    const fixtures = fileURLToPath(new URL('./release-fixture/', import.meta.url));
    const newest = readdirSync(fixtures)
      .filter((f) => f.endsWith('.pglite.tar.xz'))
      .sort()
      .at(-1)!;
    const dir = dataDir();
    execFileSync('tar', ['-xJf', join(fixtures, newest), '-C', dir]);
    const env = { DATA_DIR: dir, PORT: '0', SMTP_PORT: '0', IMAP_PORT: '0', POP3_PORT: '0', LOG_LEVEL: 'silent' };

    await expect(startEmbedded({ ...env, MASTER_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(
      MasterKeyMismatchError,
    );
    // The refused start wrote nothing: the right key still starts, and only then is the proof written.
    const app = await startEmbedded(env);
    try {
      const { db } = app.services.database;
      const stored = await findKeyCheck(db);
      const key = readFileSync(join(dir, 'master.key'), 'utf8').trim();
      expect(stored?.equals(keyCheckMac(masterKeyFrom(key)))).toBe(true);
      expect(await db.select().from(keyCheck)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
