import { createServices, exitOnSignal, loadConfigOrExit, startOpsServerIfConfigured } from '@app/runtime';
import { seedDatabase, startApi } from './index';

/** Production entry of the api process (docs/architecture.md §2). */
const services = await createServices(loadConfigOrExit(), { name: 'api' });
const { adminPassword } = await seedDatabase(services);
if (adminPassword) services.log.warn('first run: admin password printed to stdout once');
if (adminPassword) console.log(`Admin sign-in: admin / ${adminPassword}`);
const api = await startApi(services);
services.log.info({ url: api.url }, 'api listening');
const ops = await startOpsServerIfConfigured(services);

exitOnSignal(
  async () => {
    await api.close();
    await ops?.close();
    await services.close();
  },
  { log: services.log, graceMs: services.config.SHUTDOWN_GRACE_MS },
);
