import { createServices, exitOnSignal, loadConfigOrExit, startOpsServerIfConfigured } from '@app/runtime';
import { startMx } from './index';

/** Production entry of the mx process (docs/architecture.md §2): SIGTERM drains sessions before exit (D10). */
const services = await createServices(loadConfigOrExit(), { name: 'mx', jobs: false });
const mx = await startMx(services);
const ops = await startOpsServerIfConfigured(services);

exitOnSignal(
  async () => {
    await mx.close();
    await ops?.close();
    await services.close();
  },
  { log: services.log, graceMs: services.config.SHUTDOWN_GRACE_MS },
);
