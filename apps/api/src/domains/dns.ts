import { Resolver } from 'node:dns/promises';
import type { Config } from '@app/runtime';

/** The name of the TXT record that proves a personal domain (DESIGN.md §4). */
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
