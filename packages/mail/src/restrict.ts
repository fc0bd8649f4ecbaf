import { normalizeAddress, senderMatches } from '@app/shared';

/** What the restriction check needs to know about an alias. */
export interface Restriction {
  isWhitelisted: boolean;
  /** The alias's own approved senders: addresses or `*.domain` patterns. */
  senders: readonly string[];
  /** The senders of the alias's source (a named service), if it has one. */
  sourceSenders: readonly string[];
}

/** Whether one of the stored patterns admits the address (`*.domain` covers all subdomains). */
export function anySenderMatches(patterns: readonly string[], address: string): boolean {
  return patterns.some((p) => senderMatches(p, address));
}

/**
 * Whether a restricted ("whitelisted") alias admits mail from `sender`, the envelope MAIL FROM at
 * RCPT time (docs/product.md §4, docs/architecture.md §3). An unrestricted alias admits everyone. A restricted alias with
 * no senders and no source admits nobody: it fails closed until the owner picks a list. The null
 * sender `<>` (bounces) never matches a list.
 */
export function restrictionAdmits(r: Restriction, sender: string): boolean {
  if (!r.isWhitelisted) return true;
  const address = normalizeAddress(sender);
  if (!address) return false;
  return anySenderMatches(r.senders, address) || anySenderMatches(r.sourceSenders, address);
}
