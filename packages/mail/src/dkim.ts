// The DNS records an operator publishes for a served domain: where its mail goes (MX),
// who may send for it (SPF), its DKIM public key, and the DMARC policy tying them to From.
import { isIP } from 'node:net';

export interface DnsRecord {
  type: 'TXT' | 'MX';
  name: string;
  value: string;
}

export interface DnsRecordInput {
  domain: string;
  /** The host the domain's MX points at (MX_HOSTNAME: the mx answers there). */
  mxHost: string;
  /** The relay's host name (from SMTP_RELAY_URL), allowed to send in SPF; null without a relay. */
  relayHost: string | null;
  dkim: { selector: string; publicKey: string };
}

export const dkimRecordName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;

export function dnsRecordsFor(input: DnsRecordInput): DnsRecord[] {
  const { domain } = input;
  const spf = ['v=spf1', 'mx', ...(input.relayHost ? [spfMechanismFor(input.relayHost)] : []), '-all'].join(' ');
  return [
    { type: 'MX', name: domain, value: `10 ${input.mxHost}` },
    { type: 'TXT', name: domain, value: spf },
    { type: 'TXT', name: dkimRecordName(input.dkim.selector, domain), value: `v=DKIM1; k=rsa; p=${input.dkim.publicKey}` },
    // quarantine, not reject: a forwarded copy that loses the signature lands in spam, not nowhere.
    { type: 'TXT', name: `_dmarc.${domain}`, value: 'v=DMARC1; p=quarantine; adkim=r; aspf=r' },
  ];
}

/** The SPF mechanism allowing one host: its address as `ip4:`/`ip6:`, or its name as `a:`. */
export function spfMechanismFor(host: string): string {
  const ip = isIP(host);
  return ip === 4 ? `ip4:${host}` : ip === 6 ? `ip6:${host}` : `a:${host}`;
}

/** The relay's host name from SMTP_RELAY_URL (credentials and port left out). */
export function relayHostOf(relayUrl: string | undefined): string | null {
  if (!relayUrl) return null;
  try {
    return new URL(relayUrl).hostname || null;
  } catch {
    return null;
  }
}
