import { seedDatabase, startApi, type AppOptions } from '@app/api';
import { startMailAccess } from '@app/imap';
import { startMx } from '@app/mx';
import {
  createServices,
  loadConfig,
  startOpsServerIfConfigured,
  type ServiceOptions,
  type Services,
  type ShutdownStep,
} from '@app/runtime';
import { PUSH_DEFAULTS, startWorker } from '@app/worker';

export interface EmbeddedHandle {
  url: string;
  smtpPort: number;
  imapPort: number;
  pop3Port: number;
  /** Implicit TLS ports; null unless IMAPS_PORT / POP3S_PORT and the TLS files are set. */
  imapsPort: number | null;
  pop3sPort: number | null;
  /** Set only on the run that created the admin without a configured ADMIN_PASSWORD. */
  adminPassword: string | null;
  services: Services;
  /** Stop taking mail first, then the web, then let the worker finish what it holds. */
  shutdownSteps: ShutdownStep[];
  close(): Promise<void>;
}

/**
 * The one-process default (docs/architecture.md §2): api + mx + mail access (IMAP, POP3) + worker sharing one set of services —
 * PGlite under DATA_DIR and the in-process queue unless DATABASE_URL / REDIS_URL are set.
 */
export async function startEmbedded(
  env: Record<string, string | undefined> = process.env,
  /** Tests sharing one Redis pass their own queuePrefix (queues, events, rate limits apart). */
  options: Pick<ServiceOptions, 'queuePrefix'> & Pick<AppOptions, 'pushPolicy'> = {},
): Promise<EmbeddedHandle> {
  const { pushPolicy, ...serviceOptions } = options;
  const services = await createServices(loadConfig(env), { name: 'alias', ...serviceOptions });
  const { adminPassword } = await seedDatabase(services);
  const worker = await startWorker(services, pushPolicy ? { push: { ...PUSH_DEFAULTS, policy: pushPolicy } } : {});
  const mx = await startMx(services);
  const api = await startApi(services, { pushPolicy });
  const mailAccess = await startMailAccess(services);
  const ops = await startOpsServerIfConfigured(services);
  const shutdownSteps: ShutdownStep[] = [
    ['mx', () => mx.close()],
    ['mail access', () => mailAccess.close()],
    ['api', () => api.close()],
    ['worker', () => worker.close()],
    ['ops server', async () => ops?.close()],
    ...services.shutdownSteps(),
  ];
  return {
    url: api.url,
    smtpPort: mx.port,
    imapPort: mailAccess.imapPort,
    pop3Port: mailAccess.pop3Port,
    imapsPort: mailAccess.imapsPort,
    pop3sPort: mailAccess.pop3sPort,
    adminPassword,
    services,
    shutdownSteps,
    async close() {
      for (const [, run] of shutdownSteps) await run();
    },
  };
}
