// What a stored sender verdict means to the reader (docs/security.md A2). Kept apart from
// sender-auth.ts: importing mailauth costs a process tens of MB, and the worker needs only these notes.
import type { StoredAuthVerdict } from '@app/shared';

/** Reader-facing notes derived from a verdict, shown with the message. */
export const AUTH_WARNINGS = {
  unverified: 'The sender could not be verified: its domain publishes no SPF, DKIM or DMARC record.',
  forged: (domain: string) => `This message claims to be from ${domain} but is not: it failed that domain's DMARC check.`,
} as const;

/**
 * The notes of one message at one alias: a forged sender of a domain that asks receivers to
 * quarantine or reject it, everywhere; "unverified" only on a restricted alias, where it tells why
 * an approved sender got in without proof (on an open alias it would be noise on most mail).
 */
export function authWarnings(v: StoredAuthVerdict, restricted: boolean): string[] {
  const domain = v.from ? v.from.slice(v.from.lastIndexOf('@') + 1) : null;
  if (domain && v.dmarc === 'fail' && (v.policy === 'quarantine' || v.policy === 'reject')) return [AUTH_WARNINGS.forged(domain)];
  if (restricted && v.sender === 'unverified') return [AUTH_WARNINGS.unverified];
  return [];
}
