import { Resolver } from 'node:dns/promises';
import type { DomainRow } from '@app/db';
import { dnsRecordsFor, relayHostOf, type DnsRecord } from '@app/mail';
import type { Config, Services } from '@app/runtime';

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
export async function recordsFor(services: Services, domain: DomainRow): Promise<DnsRecord[]> {
  const dkim = await services.dkim.ensure(services.database.db, domain);
  return dnsRecordsFor({
    domain: domain.name,
    mxHost: services.config.MAIL_DOMAIN,
    relayHost: relayHostOf(services.config.SMTP_RELAY_URL),
    dkim,
  });
}

const squash = (v: string) => v.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether each record is published as shown, asked through the resolver (DNS_SERVERS). */
export async function checkRecords(resolver: Resolver, records: DnsRecord[]): Promise<Array<DnsRecord & { published: boolean }>> {
  return Promise.all(
    records.map(async (r) => {
      if (r.type === 'MX') {
        const found = await resolver.resolveMx(r.name).catch(() => [] as { exchange: string }[]);
        const host = squash(r.value.split(' ').pop()!);
        return { ...r, published: found.some((m) => squash(m.exchange).replace(/\.$/, '') === host) };
      }
      const found = await resolver.resolveTxt(r.name).catch(() => [] as string[][]);
      return { ...r, published: found.some((chunks) => squash(chunks.join('')) === squash(r.value)) };
    }),
  );
}
