import { createServices, exitOnSignal, startOpsServerIfConfigured, startOrExit } from '@app/runtime';
import { seedDatabase, startApi } from './index';

/** Production entry of the api process (docs/architecture.md §2). */
const { services, api, ops } = await startOrExit('api', async (config) => {
  const services = await createServices(config, { name: 'api' });
  const { adminPassword } = await seedDatabase(services);
  if (adminPassword) services.log.warn('first run: admin password printed to stdout once');
  if (adminPassword) console.log(`Admin sign-in: admin / ${adminPassword}`);
  const api = await startApi(services);
  return { services, api, ops: await startOpsServerIfConfigured(services) };
});
services.log.info({ url: api.url }, 'api listening');

exitOnSignal([['api', () => api.close()], ['ops server', async () => ops?.close()], ...services.shutdownSteps()], {
  log: services.log,
  graceMs: services.config.SHUTDOWN_GRACE_MS,
});
