import { createServices, exitOnSignal, startOpsServerIfConfigured, startOrExit } from '@app/runtime';
import { startWorker } from './index';

/** Production entry of the worker process (docs/architecture.md §2). */
const { services, worker, ops } = await startOrExit('worker', async (config) => {
  const services = await createServices(config, { name: 'worker' });
  const worker = await startWorker(services);
  return { services, worker, ops: await startOpsServerIfConfigured(services) };
});

// Closing the queue lets the jobs in hand finish; BullMQ re-delivers anything cut short.
exitOnSignal([['worker', () => worker.close()], ...services.shutdownSteps(), ['ops server', async () => ops?.close()]], {
  log: services.log,
  graceMs: services.config.SHUTDOWN_GRACE_MS,
});
