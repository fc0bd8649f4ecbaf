import { createServices, loadConfigOrExit, startOpsServer } from '@app/runtime';
import { startWorker, workerOptionsFromEnv } from './index';

/** Production entry of the worker process (DESIGN §2). */
const services = await createServices(loadConfigOrExit(), { name: 'worker' });
const worker = await startWorker(services, workerOptionsFromEnv());
const ops = services.config.METRICS_PORT === undefined ? null : await startOpsServer(services, services.config.METRICS_PORT);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  services.log.info('worker stopping');
  await worker.close();
  // Closing the queue lets the jobs in hand finish; BullMQ re-delivers anything cut short.
  await services.close();
  await ops?.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
