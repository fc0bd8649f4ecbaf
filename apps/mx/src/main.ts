import { createServices, exitOnSignal, startOpsServerIfConfigured, startOrExit } from '@app/runtime';
import { startMx } from './index';

/** Production entry of the mx process (docs/architecture.md §2): SIGTERM drains sessions before exit (D10). */
const { services, mx, ops } = await startOrExit('mx', async (config) => {
  const services = await createServices(config, { name: 'mx', jobs: false });
  const mx = await startMx(services);
  return { services, mx, ops: await startOpsServerIfConfigured(services) };
});

exitOnSignal([['mx', () => mx.close()], ['ops server', async () => ops?.close()], ...services.shutdownSteps()], {
  log: services.log,
  graceMs: services.config.SHUTDOWN_GRACE_MS,
});
