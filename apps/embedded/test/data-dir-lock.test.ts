// One process per embedded DATA_DIR (docs/security.md DEP9): the product running on a DATA_DIR
// keeps the CLI (and any second opener) out, and a stopped or killed one never does.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirBusyError, openDatabase } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'alias-lock-'));
const env = {
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDir,
  PORT: '0',
  SMTP_PORT: '0',
  IMAP_PORT: '0',
  POP3_PORT: '0',
  LOG_LEVEL: 'warn',
};
const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The one-process product on dataDir, resolved once it prints where it listens. */
function startProduct(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/embedded/src/main.ts'], { cwd: ROOT, env });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Web:')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the product exited (${code}) before listening: ${out}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r)));

function cliMigrate(): Promise<{ code: number; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', 'migrate'], { cwd: ROOT, env }, (error, _out, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, err: stderr.trim() }),
    );
  });
}

describe('DEP9 one process per data directory', () => {
  it('the CLI is refused while the product runs on DATA_DIR, and accepted after it stops and after it is killed', async () => {
    const product = await startProduct();
    const refused = await cliMigrate();
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `migrate: the product is running on this DATA_DIR (${dataDir}, process ${product.pid}); stop it first`,
    );

    product.kill('SIGTERM');
    await exited(product);
    expect((await cliMigrate()).code).toBe(0);

    // SIGKILL leaves the lock file behind: its process is gone, so it does not block.
    const killed = await startProduct();
    killed.kill('SIGKILL');
    await exited(killed);
    const after = await cliMigrate();
    expect(after.code, after.err).toBe(0);
  });

  it('a second opening inside one process is refused too, and the first close frees the directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alias-lock-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirBusyError);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
