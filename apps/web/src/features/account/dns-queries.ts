// The records a domain publishes, apart from queries.ts: the admin's DNS screen needs only these.
import { queryOptions } from '@tanstack/react-query';
import type { DnsRecord } from '@app/shared';
import { api } from '../../api/client';

/** An account's personal domain, whose records are asked for. */
export type PersonalDomainRef = { userId: number; domainId: number };

/**
 * The records a domain publishes: GET /api/account/{id}/domains/{domainId}/dns-records, or without a
 * domain GET /api/admin/dns-records, the service's own. `checked` has the server's resolver look each one up.
 */
export const dnsRecordsQuery = (domain: PersonalDomainRef | undefined, checked: boolean) =>
  queryOptions({
    queryKey: ['dns-records', domain?.domainId ?? 'service', checked],
    queryFn: async ({ signal }): Promise<DnsRecord[]> => {
      const query = checked ? { check: '1' } : {};
      const res = domain
        ? await api('GET /api/account/:id/domains/:domainId/dns-records', {
            params: { id: domain.userId, domainId: domain.domainId },
            query,
            signal,
          })
        : await api('GET /api/admin/dns-records', { query, signal });
      return res.records;
    },
  });
