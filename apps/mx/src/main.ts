import { createServices, loadConfigOrExit, startOpsServer } from '@app/runtime';
import { limitsFromEnv, startMx } from './index';

/** Production entry of the mx process (DESIGN §2): SIGTERM drains sessions before exit (D10). */
const services = await createServices(loadConfigOrExit(), { name: 'mx' });
const mx = await startMx(services, { limits: limitsFromEnv() });
const ops = services.config.METRICS_PORT === undefined ? null : await startOpsServer(services, services.config.METRICS_PORT);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  services.log.info('mx stopping');
  await mx.close();
  await ops?.close();
  await services.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
