// D12: shutdown is bounded whatever the process is doing. A real process (test/stuck-shutdown.ts)
// gets SIGTERM while its database close hangs, or while that step blocks the main thread; either way
// it is gone in time and its last line names the step it was stuck in.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WATCHDOG_MARGIN_MS } from './shutdown';

const FIXTURE = fileURLToPath(new URL('../test/stuck-shutdown.ts', import.meta.url));
const GRACE_MS = 1_000;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: Array<{ msg: string; step?: string }>;
  /** From SIGTERM to the exit. */
  ms: number;
}

async function stopStuck(mode: 'hang' | 'block'): Promise<Ended> {
  const dir = mkdtempSync(join(tmpdir(), 'alias-stuck-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'info' },
  });
  let out = '';
  let sentAt = 0;
  return new Promise((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!sentAt && out.includes('"ready"')) {
        sentAt = Date.now();
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code, signal) => {
      const lines = out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { msg: string; step?: string });
      resolve({ code, signal, lines, ms: Date.now() - sentAt });
    });
  });
}

// Far above any start-up noise of a loaded machine, far below "never exits".
const IN_TIME_MS = GRACE_MS + WATCHDOG_MARGIN_MS + 10_000;

describe('D12 shutdown is bounded', { timeout: 90_000 }, () => {
  it('a database close that never settles: the process exits after the grace time, naming the step', async () => {
    const ended = await stopStuck('hang');
    expect(ended.code).toBe(1);
    expect(ended.ms).toBeLessThan(IN_TIME_MS);
    expect(ended.lines).toContainEqual(
      expect.objectContaining({
        msg: 'shutdown took too long: exiting, unfinished jobs stay queued in the database',
        step: 'database',
      }),
    );
  });

  it('a main thread blocked synchronously: the watchdog thread kills the process, naming the step', async () => {
    const ended = await stopStuck('block');
    expect(ended.signal).toBe('SIGKILL');
    expect(ended.ms).toBeLessThan(IN_TIME_MS);
    // The main thread's own timer could not run: only the watchdog ended it, after grace + margin.
    expect(ended.lines.map((l) => l.msg)).not.toContain(
      'shutdown took too long: exiting, unfinished jobs stay queued in the database',
    );
    expect(ended.lines.at(-1)).toEqual(
      expect.objectContaining({
        msg: `shutdown still running ${GRACE_MS + WATCHDOG_MARGIN_MS} ms after SIGTERM, stuck in step "database": killing the process`,
        step: 'database',
      }),
    );
  });
});
