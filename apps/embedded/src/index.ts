import { seedDatabase, startApi } from '@app/api';
import { startMx } from '@app/mx';
import { createServices, loadConfig, startOpsServerIfConfigured, type ServiceOptions, type Services } from '@app/runtime';
import { startWorker } from '@app/worker';

export interface EmbeddedHandle {
  url: string;
  smtpPort: number;
  /** Set only on the run that created the admin without a configured ADMIN_PASSWORD. */
  adminPassword: string | null;
  services: Services;
  close(): Promise<void>;
}

/**
 * The one-process default (docs/architecture.md §2): api + mx + worker sharing one set of services —
 * PGlite under DATA_DIR and the in-process queue unless DATABASE_URL / REDIS_URL are set.
 */
export async function startEmbedded(
  env: Record<string, string | undefined> = process.env,
  /** Tests sharing one Redis pass their own queuePrefix (queues, events, rate limits apart). */
  options: Pick<ServiceOptions, 'queuePrefix'> = {},
): Promise<EmbeddedHandle> {
  const services = await createServices(loadConfig(env), { name: 'alias', ...options });
  const { adminPassword } = await seedDatabase(services);
  const worker = await startWorker(services);
  const mx = await startMx(services);
  const api = await startApi(services);
  const ops = await startOpsServerIfConfigured(services);
  return {
    url: api.url,
    smtpPort: mx.port,
    adminPassword,
    services,
    async close() {
      // Stop taking mail first, then the web, then let the worker finish what it holds.
      await mx.close();
      await api.close();
      await worker.close();
      await ops?.close();
      await services.close();
    },
  };
}
