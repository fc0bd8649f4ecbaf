import { createServices, loadConfigOrExit } from '@app/runtime';
import { startWorker, workerOptionsFromEnv } from './index';

/** Production entry of the worker process (DESIGN §2). */
const services = await createServices(loadConfigOrExit(), { name: 'worker' });
const worker = await startWorker(services, workerOptionsFromEnv());

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.close();
  // Closing the queue lets the jobs in hand finish; BullMQ re-delivers anything cut short.
  await services.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
