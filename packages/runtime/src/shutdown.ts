import type { Logger } from './logger';

/**
 * Stops the process on SIGTERM or SIGINT: `close` drains (stop taking work, finish what is in
 * hand), then the process exits. Whatever is still unfinished after `graceMs` is given up, since
 * its row waits in Postgres and the sweeps take it again on the next start: a stuck job
 * (a relay that stopped answering) can never keep the process alive. A second signal exits at once.
 */
export function exitOnSignal(close: () => Promise<void>, opts: { log: Logger; graceMs: number }): void {
  const { log, graceMs } = opts;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, graceMs }, 'stopping');
    setTimeout(() => {
      log.warn({ graceMs }, 'shutdown took too long: exiting, unfinished jobs stay queued in the database');
      process.exit(1);
    }, graceMs);
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err: (err as Error).message }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
