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
