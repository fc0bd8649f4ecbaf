import { isForbiddenHostname, isPublicAddress } from '@app/mail';
import type { Config } from '@app/runtime';
import { isIP } from 'node:net';

/** Whether people elsewhere can reach this server: PUBLIC_URL and MAIL_DOMAIN name a public host, not this machine. */
export function publicAddressSet(config: Config): boolean {
  const host = new URL(config.PUBLIC_URL).hostname.replace(/^\[|\]$/g, '');
  const reachable = !isForbiddenHostname(host) && (isIP(host) === 0 || isPublicAddress(host));
  return reachable && !isForbiddenHostname(config.MAIL_DOMAIN);
}
