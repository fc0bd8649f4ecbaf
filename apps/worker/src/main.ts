import { createServices, exitOnSignal, loadConfigOrExit, startOpsServerIfConfigured } from '@app/runtime';
import { startWorker } from './index';

/** Production entry of the worker process (docs/architecture.md §2). */
const services = await createServices(loadConfigOrExit(), { name: 'worker' });
const worker = await startWorker(services);
const ops = await startOpsServerIfConfigured(services);

exitOnSignal(
  async () => {
    await worker.close();
    // Closing the queue lets the jobs in hand finish; BullMQ re-delivers anything cut short.
    await services.close();
    await ops?.close();
  },
  { log: services.log, graceMs: services.config.SHUTDOWN_GRACE_MS },
);
