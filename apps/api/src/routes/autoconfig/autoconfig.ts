import type { Config } from '@app/runtime';

/**
 * What Thunderbird puts in the user name field. Sign-in takes the account's username, which no part of
 * an e-mail address gives (aliases have handles of their own), so the file names a placeholder the
 * user replaces (docs/mail-clients.md, Thunderbird).
 */
export const USERNAME_PLACEHOLDER = 'your-username';

type Socket = 'SSL' | 'STARTTLS' | 'plain';

/**
 * The mail access's servers as a Thunderbird autoconfig file (config-v1.1): the host is MX_HOSTNAME,
 * whose certificate the mail access serves; implicit TLS ports first, then the plain ports with
 * STARTTLS when TLS is configured (implicit ports imply it). Host names and ports are validated by the
 * config, so nothing here needs escaping.
 */
export function autoconfigXml(config: Config): string {
  const tls = !!config.SMTP_TLS_CERT || config.IMAPS_PORT !== undefined || config.POP3S_PORT !== undefined;
  const servers: Array<[type: 'imap' | 'pop3', port: number, socket: Socket]> = [];
  if (config.IMAPS_PORT !== undefined) servers.push(['imap', config.IMAPS_PORT, 'SSL']);
  servers.push(['imap', config.IMAP_PORT, tls ? 'STARTTLS' : 'plain']);
  if (config.POP3S_PORT !== undefined) servers.push(['pop3', config.POP3S_PORT, 'SSL']);
  servers.push(['pop3', config.POP3_PORT, tls ? 'STARTTLS' : 'plain']);
  const incoming = servers.map(
    ([type, port, socket]) => `    <incomingServer type="${type}">
      <hostname>${config.MX_HOSTNAME}</hostname>
      <port>${port}</port>
      <socketType>${socket}</socketType>
      <authentication>password-cleartext</authentication>
      <username>${USERNAME_PLACEHOLDER}</username>
    </incomingServer>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<clientConfig version="1.1">
  <emailProvider id="${config.MAIL_DOMAIN}">
    <domain>${config.MAIL_DOMAIN}</domain>
    <displayName>${config.MAIL_DOMAIN}</displayName>
${incoming.join('\n')}
  </emailProvider>
</clientConfig>
`;
}
