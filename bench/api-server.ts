// The API alone in its own process for the latency bench (bench/api.ts): startApi on the
// environment's database and Redis; prints `ready <port>` once listening.
import { startApi } from '@app/api';
import { createServices, loadConfig } from '@app/runtime';

const services = await createServices(loadConfig(process.env), { name: 'bench-api' });
const api = await startApi(services, { port: 0 });
console.log(`ready ${api.port}`);
process.once('SIGTERM', () => {
  void api
    .close()
    .then(() => services.close())
    .finally(() => process.exit(0));
});
