// Signals reach node (docs/security.md D12): SIGTERM to a documented start command — the package
// start script through pnpm, the systemd unit's ExecStart — leaves no process behind. And the Node
// check that `pnpm start` and `pnpm test` run first refuses an old Node in one line.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

beforeAll(() => {
  // The documented commands run the bundles, as production does.
  for (const app of ['api', 'embedded'])
    execFileSync(process.execPath, ['../../scripts/build-app.mjs'], { cwd: join(ROOT, 'apps', app) });
}, 120_000);

/** Every process below `pid` (children of children too), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(d)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** Alive and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Starts `command`, waits for `ready` in its output, sends SIGTERM to it and returns what ran below it. */
async function termAfterReady(command: string[], ready: string): Promise<{ tree: number[]; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alias-start-'));
  dirs.push(dataDir);
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      SMTP_PORT: '0',
      IMAP_PORT: '0',
      POP3_PORT: '0',
      LOG_LEVEL: 'info',
    },
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`exited (${code}) before "${ready}": ${out}`)));
  });
  const tree = [child.pid!, ...descendants(child.pid!)];
  expect(tree.length).toBeGreaterThan(0);
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r)));
  return { tree, child };
}

/** The processes of `tree` still running once the top one exited; killed, so a failure leaks none. */
async function noneLeft(tree: number[]): Promise<number[]> {
  // The exit of the top process and that of node below it are not one instant.
  for (let i = 0; i < 100 && tree.some(running); i++) await new Promise((r) => setTimeout(r, 100));
  const left = tree.filter(running);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return left;
}

describe('SIGTERM to the documented start command leaves no process', { timeout: 120_000 }, () => {
  it('the package start script, through pnpm', async () => {
    const { tree } = await termAfterReady(['pnpm', '--filter', '@app/embedded', 'start'], 'Web:');
    expect(tree.length).toBeGreaterThan(1);
    expect(await noneLeft(tree)).toEqual([]);
  });

  it('the systemd unit ExecStart of the api', async () => {
    const unit = readFileSync(join(ROOT, 'infra/systemd/alias-api.service'), 'utf8');
    const exec = /^ExecStart=(.+)$/m.exec(unit)![1]!.split(' ');
    expect(exec[0]).toBe('/usr/bin/node');
    const { tree, child } = await termAfterReady([process.execPath, ...exec.slice(1)], 'api listening');
    expect(child.exitCode).toBe(0);
    expect(await noneLeft(tree)).toEqual([]);
  });
});

describe('the Node check before pnpm start and pnpm test', () => {
  it('refuses Node 20 in one line saying what to install', () => {
    const node20 = '/usr/bin/node';
    const version = spawnSync(node20, ['--version']).stdout?.toString().trim();
    expect(version, 'this machine has Node 20 at /usr/bin/node').toMatch(/^v20\./);
    const r = spawnSync(node20, ['scripts/check-node.cjs'], { cwd: ROOT });
    expect(r.status).toBe(1);
    expect(r.stderr.toString()).toBe(
      `Node ${version!.slice(1)} is too old: this product needs Node 22.12 or later (24 recommended). Install it with \`npm i -g --prefix /opt/node24 node@24\` and put /opt/node24/bin first in PATH (or use nvm, or your distribution's nodejs 24 package).\n`,
    );
    expect(r.stdout.toString()).toBe('');
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/^node scripts\/check-node\.cjs && /);
    expect(scripts.test).toMatch(/^node scripts\/check-node\.cjs && /);
  });

  it('lets the Node that runs the product through', () => {
    const r = spawnSync(process.execPath, ['scripts/check-node.cjs'], { cwd: ROOT });
    expect(r.status).toBe(0);
    expect(r.stderr.toString()).toBe('');
  });
});
