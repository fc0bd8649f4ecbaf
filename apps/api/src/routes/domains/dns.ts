import { Resolver } from 'node:dns/promises';
import type { DomainRow } from '@app/db';
import { dnsRecordsFor, relayHostOf, type DnsRecord } from '@app/mail';
import type { Config, Services } from '@app/runtime';
import type { DnsExpectation } from './dns-check';

/** The name of the TXT record that proves a personal domain (docs/architecture.md §4). */
export const verifyRecordName = (domain: string) => `_alias-verify.${domain}`;
export const verifyRecordValue = (token: string) => `alias-verify=${token}`;

/** A resolver on DNS_SERVERS (tests point it at a local server), with short time-outs. */
export function createResolver(config: Config): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.DNS_SERVERS.length) resolver.setServers(config.DNS_SERVERS);
  return resolver;
}

/** What DNS says now: whether the TXT proof is published and where MX points. */
export async function checkDomain(resolver: Resolver, domain: string, token: string) {
  const txt = await resolver.resolveTxt(verifyRecordName(domain)).catch(() => [] as string[][]);
  const mx = await resolver.resolveMx(domain).catch(() => [] as { exchange: string; priority: number }[]);
  return {
    proven: txt.some((chunks) => chunks.join('') === verifyRecordValue(token)),
    mx: mx.sort((a, b) => a.priority - b.priority).map((r) => r.exchange.toLowerCase().replace(/\.$/, '')),
  };
}

/** The records to publish for a served domain: MX, SPF, DKIM (its key made on first use), DMARC. */
export async function recordsFor(
  services: Pick<Services, 'config' | 'dkim' | 'database'>,
  domain: DomainRow,
): Promise<DnsRecord[]> {
  const dkim = await services.dkim.ensure(services.database.db, domain);
  return dnsRecordsFor({
    domain: domain.name,
    mxHost: services.config.MX_HOSTNAME,
    relayHost: relayHostOf(services.config.SMTP_RELAY_URL),
    dkim,
  });
}

/** What the records must achieve: mail to MX_HOSTNAME, and SPF letting the relay (else the mx host) send. */
export const expectationOf = (config: Config): DnsExpectation => ({
  mxHost: config.MX_HOSTNAME,
  senderHost: relayHostOf(config.SMTP_RELAY_URL) ?? config.MX_HOSTNAME,
});
