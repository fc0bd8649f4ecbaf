// Leak detection (docs/product.md §3 Alias, origin and leak; docs/security.md LK1): whom an alias
// was given to, as an organisational domain, and whether a message comes from someone else.
import type { StoredAuthVerdict } from '@app/shared';
import { getDomain } from 'tldts';

/**
 * The organisational domain of a host name or address by the public suffix list (`mail.shop.co.uk`
 * → `shop.co.uk`); the name itself when the list knows no registrable part (`localhost`), null
 * for an empty input.
 */
export function organisationalDomain(hostOrAddress: string): string | null {
  const host = hostOrAddress
    .slice(hostOrAddress.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!host) return null;
  return getDomain(host, { allowPrivateDomains: false }) ?? host;
}

/** What ingest knows of one message's sender. */
export interface SenderFacts {
  /** The parsed From address. */
  from: string | null;
  /** The envelope MAIL FROM ('' for the null sender). */
  mailFrom: string;
  /** The mx's verdict; null for mail accepted before verdicts were stored. */
  auth: StoredAuthVerdict | null;
}

/**
 * The organisation a message is from: that of its From address, except when DMARC says that From
 * is forged, where the envelope sender (the one who really sent it) decides, as it would for a
 * forwarded copy. Null when neither names a domain (a bounce without From).
 */
export function senderOrganisation(facts: SenderFacts): string | null {
  const from = facts.auth?.from ?? facts.from;
  if (from && facts.auth?.dmarc !== 'fail') return organisationalDomain(from);
  return organisationalDomain(facts.mailFrom) ?? (from ? organisationalDomain(from) : null);
}

/**
 * The organisation a message leaked to, or null when it belongs to the origin: its sender is the
 * origin's organisation (subdomains included), or a passing DKIM signature of that organisation
 * vouches for it (an e-mail provider sending on the origin's behalf).
 */
export function leakOrganisation(origin: string, facts: SenderFacts): string | null {
  const org = senderOrganisation(facts);
  if (!org || org === origin) return null;
  if ((facts.auth?.signers ?? []).some((d) => organisationalDomain(d) === origin)) return null;
  return org;
}
