import type { AddressInfo } from 'node:net';
import type { Services } from '@app/runtime';
import { createMxServer, type MxServerOptions } from './server';

export type { MxLimits } from './limits';
export { limitsFromConfig } from './limits';
export { REPLY } from './replies';

export interface MxHandle {
  port: number;
  close(): Promise<void>;
}

/** Starts the inbound SMTP server on SMTP_HOST:SMTP_PORT (port 0 picks a free one). */
export async function startMx(
  services: Services,
  opts: MxServerOptions & { port?: number; host?: string } = {},
): Promise<MxHandle> {
  const mx = createMxServer(services, opts);
  const port = opts.port ?? services.config.SMTP_PORT;
  const host = opts.host ?? services.config.SMTP_HOST;
  await new Promise<void>((resolve, reject) => {
    mx.server.server.once('error', reject);
    mx.server.listen(port, host, () => {
      mx.server.server.off('error', reject);
      resolve();
    });
  });
  const actual = (mx.server.server.address() as AddressInfo).port;
  services.log.info({ host, port: actual, maxSize: mx.limits.maxSize }, 'mx listening');
  // Said once at start, so an operator sees whether mail is scored (docs/spam.md).
  if (services.config.RSPAMD_URL)
    services.log.info({ timeoutMs: services.config.RSPAMD_TIMEOUT_MS }, 'spam scoring with rspamd on');
  else services.log.info('spam scoring off: RSPAMD_URL is unset');
  return { port: actual, close: () => mx.close() };
}
