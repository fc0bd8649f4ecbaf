import { senderMatches } from '@app/shared';

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

/** A block rule as the mx matches it (docs/product.md §3 "Blocked senders"). */
export interface BlockRule {
  id: number;
  /** 'sender' (one address) | 'domain' (the domain and its subdomains) */
  kind: string;
  value: string;
}

/** The rules that refuse `address`; empty for the null sender or when none matches. */
export function blockingRules(rules: readonly BlockRule[], address: string): BlockRule[] {
  if (!address || !rules.length) return [];
  return rules.filter((r) => senderMatches(r.kind === 'domain' ? `*.${r.value}` : r.value, address));
}
