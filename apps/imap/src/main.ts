import { createServices, exitOnSignal, startOpsServerIfConfigured, startOrExit } from '@app/runtime';
import { startMailAccess } from './index';

/** Production entry of the mail access process (docs/mail-clients.md): IMAP and POP3 for mail clients. */
const { services, access, ops } = await startOrExit('imap', async (config) => {
  const services = await createServices(config, { name: 'imap', jobs: false });
  const access = await startMailAccess(services);
  return { services, access, ops: await startOpsServerIfConfigured(services) };
});

exitOnSignal([['mail access', () => access.close()], ['ops server', async () => ops?.close()], ...services.shutdownSteps()], {
  log: services.log,
  graceMs: services.config.SHUTDOWN_GRACE_MS,
});
