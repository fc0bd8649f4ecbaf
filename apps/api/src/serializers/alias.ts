import { findLastMessages, loadAliasRelations, type AliasRow } from '@app/db';
import type { Services } from '@app/runtime';
import { aliasExpired, type Alias } from '@app/shared';
import { serializeSource } from './catalog';
import { serializeMessageSummary } from './message';

const iso = (d: Date) => d.toISOString();
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * docs/product.md §3 Alias, for many rows at once: three relation queries and one last-message query for the
 * whole list (the sidebar), whatever its length.
 */
export async function aliasPayloads(services: Services, rows: AliasRow[]): Promise<Alias[]> {
  if (!rows.length) return [];
  const { db } = services.database;
  const [rel, last] = await Promise.all([
    loadAliasRelations(db, rows),
    findLastMessages(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const lastByAlias = new Map(last.map((l) => [l.aliasId, l]));
  const out: Alias[] = [];
  const now = new Date();
  for (const a of rows) {
    const domain = rel.domains.get(a.domainId) ?? '';
    const source = a.sourceId ? rel.sources.get(a.sourceId) : undefined;
    const l = lastByAlias.get(a.id);
    let lastMessage = null;
    if (l) {
      lastMessage = serializeMessageSummary(l, (await services.keys.contentKeys(db, a))(l));
    }
    out.push({
      id: a.id,
      handle: a.handle,
      address: `${a.handle}@${domain}`,
      label: a.label,
      icon: a.icon,
      source_id: a.sourceId,
      source: source ? serializeSource(source) : null,
      user_id: a.accountId,
      domain_id: a.domainId,
      unread_count: a.unreadCount,
      total_count: a.totalCount,
      contacted_unix: a.contactedAt ? unix(a.contactedAt) : null,
      created_unix: unix(a.createdAt),
      created: iso(a.createdAt),
      accessed: a.accessedAt ? iso(a.accessedAt) : null,
      updated: iso(a.updatedAt),
      lifespan: a.lifespan as Alias['lifespan'],
      digest: a.digest as Alias['digest'],
      is_active: a.isActive,
      is_trashed: a.isTrashed,
      is_whitelisted: a.isWhitelisted,
      senders: (rel.senders.get(a.id) ?? []).map((s) => ({ id: s.id, address: s.address, hostname: s.hostname })),
      specialty: a.specialty,
      notify: a.notify === 'email' || a.notify === 'push' ? a.notify : 'none',
      spam_mode: a.spamMode ?? null,
      last_message: lastMessage,
      origin: a.origin,
      leak: a.leakDomain ? { domain: a.leakDomain, first_seen: iso(a.leakFirstSeen ?? a.updatedAt), count: a.leakCount } : null,
      shared_senders: a.sharedSenders,
      leak_ignored: a.leakIgnored,
      expires: a.expiresAt ? iso(a.expiresAt) : null,
      max_messages: a.maxMessages,
      expired: aliasExpired(a, now),
      pinned: a.pinned,
    });
  }
  return out;
}

/** docs/product.md §3 Alias for one row. */
export async function aliasPayload(services: Services, alias: AliasRow): Promise<Alias> {
  const [one] = await aliasPayloads(services, [alias]);
  return one!;
}
