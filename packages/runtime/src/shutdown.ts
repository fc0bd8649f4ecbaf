import { Worker } from 'node:worker_threads';
import type { Logger } from './logger';

/** One named step of a process's shutdown, run in order; the name is what a stuck shutdown reports. */
export type ShutdownStep = readonly [name: string, run: () => Promise<void>];

/** How long after the grace time the watchdog waits for the process to have exited by itself. */
export const WATCHDOG_MARGIN_MS = 5_000;

/**
 * The watchdog's thread: it has its own event loop, so a main thread blocked in a synchronous wait
 * cannot stop it. Told the shutdown began, it waits grace + margin, then writes one log line
 * naming the step the main thread is in and kills the process.
 */
const WATCHDOG = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const current = new Int32Array(workerData.shared);
parentPort.once('message', ({ limitMs, signal }) => {
  setTimeout(() => {
    const step = workerData.steps[Atomics.load(current, 0)];
    const msg = 'shutdown still running ' + limitMs + ' ms after ' + signal + ', stuck in step "' + step + '": killing the process';
    writeSync(1, JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, name: workerData.name, step, msg }) + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }, limitMs);
});
`;

/**
 * Stops the process on SIGTERM or SIGINT: the steps drain (stop taking work, finish what is in
 * hand) in order, then the process exits. Whatever is still unfinished after `graceMs` is given up,
 * since its row waits in Postgres and the sweeps take it again on the next start: a stuck job (a
 * relay that stopped answering) can never keep the process alive. Should the main thread itself
 * be stuck (a synchronous wait, a busy loop), the watchdog thread ends the process `graceMs` +
 * WATCHDOG_MARGIN_MS after the signal (docs/security.md D12). A second signal exits at once.
 */
export function exitOnSignal(steps: ShutdownStep[], opts: { log: Logger; graceMs: number }): void {
  const { log, graceMs } = opts;
  const names = ['before the first step', ...steps.map(([name]) => name), 'exiting'];
  const current = new Int32Array(new SharedArrayBuffer(4));
  const watchdog = new Worker(WATCHDOG, {
    eval: true,
    workerData: { shared: current.buffer, steps: names, name: (log.bindings().name as string | undefined) ?? 'app' },
  });
  // The watchdog never keeps a process alive that would otherwise exit.
  watchdog.unref();
  const at = (i: number) => Atomics.store(current, 0, i);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    watchdog.postMessage({ limitMs: graceMs + WATCHDOG_MARGIN_MS, signal });
    log.info({ signal, graceMs }, 'stopping');
    setTimeout(() => {
      log.warn(
        { graceMs, step: names[Atomics.load(current, 0)] },
        'shutdown took too long: exiting, unfinished jobs stay queued in the database',
      );
      process.exit(1);
    }, graceMs);
    void (async () => {
      for (const [i, [, run]] of steps.entries()) {
        at(i + 1);
        await run();
      }
      at(names.length - 1);
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err: (err as Error).message, step: names[Atomics.load(current, 0)] }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
