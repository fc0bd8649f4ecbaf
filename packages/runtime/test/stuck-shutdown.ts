// A process whose shutdown gets stuck in its database step, for src/shutdown.test.ts: real services
// on the DATA_DIR it is given, with the database's close replaced by one that never settles
// (`hang`) or that blocks the main thread in a synchronous wait (`block`).
import { createServices, exitOnSignal, loadConfig, type ShutdownStep } from '../src/index';

const mode = process.argv[2];
const services = await createServices(loadConfig(), { name: 'stuck' });
const stuck: ShutdownStep[1] =
  mode === 'block'
    ? async () => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }
    : () => new Promise<void>(() => setInterval(() => undefined, 1_000));
exitOnSignal(
  services.shutdownSteps().map(([name, run]): ShutdownStep => [name, name === 'database' ? stuck : run]),
  { log: services.log, graceMs: services.config.SHUTDOWN_GRACE_MS },
);
console.log(JSON.stringify({ msg: 'ready' }));
