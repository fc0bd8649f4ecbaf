import type { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { DnsRecord } from '@app/mail';

/** What the published records must do: send mail to `mxHost`, and let `senderHost` send as the domain. */
export interface DnsExpectation {
  mxHost: string;
  senderHost: string;
}

export type CheckedRecord = DnsRecord & { published: boolean; problem?: string };

/** How deep `include:` and `redirect=` are followed (RFC 7208 allows 10 look-ups in all). */
const MAX_SPF_DEPTH = 5;

const bare = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * Whether each record is in effect as published, asked through the resolver (DNS_SERVERS). An
 * equivalent record counts: an MX to the configured host at any priority, SPF that lets the sending
 * host's address through by `ip4`/`ip6`, `a`, `mx`, `include` or `redirect`, the same DKIM key in
 * any tag order, DMARC with `p=quarantine` or `p=reject` and any other tags. A record that is not
 * in effect carries `problem`, which says in words what is wrong.
 */
export async function checkRecords(resolver: Resolver, records: DnsRecord[], want: DnsExpectation): Promise<CheckedRecord[]> {
  const dns = new Lookups(resolver);
  return Promise.all(
    records.map(async (r) => {
      const problem = await problemOf(dns, r, want);
      return problem ? { ...r, published: false, problem } : { ...r, published: true };
    }),
  );
}

async function problemOf(dns: Lookups, r: DnsRecord, want: DnsExpectation): Promise<string | null> {
  if (r.type === 'MX') {
    const found = await dns.mx(r.name);
    if (!found.length) return `No MX record is published for ${r.name}.`;
    if (found.includes(bare(want.mxHost))) return null;
    return `The MX record of ${r.name} points at ${found.join(', ')}, not at ${bare(want.mxHost)}.`;
  }
  if (r.value.startsWith('v=spf1')) return spfProblem(dns, r.name, want.senderHost);
  if (r.name.includes('._domainkey.')) {
    const key = tagsOf(r.value).get('p');
    const found = (await dns.txt(r.name)).map((v) => tagsOf(v).get('p')).filter((p) => p !== undefined);
    if (!found.length) return `No DKIM record is published at ${r.name}.`;
    return found.some((p) => p.replace(/\s+/g, '') === key)
      ? null
      : `The DKIM record at ${r.name} holds another key than this one.`;
  }
  if (r.name.startsWith('_dmarc.')) {
    const found = (await dns.txt(r.name)).filter((v) => /^v=dmarc1\s*(;|$)/i.test(v));
    if (!found.length) return `No DMARC record (v=DMARC1) is published at ${r.name}.`;
    if (found.length > 1) return `${r.name} has ${found.length} DMARC records; receivers ignore them all, so keep one.`;
    const policy = tagsOf(found[0]!).get('p')?.toLowerCase();
    if (policy === 'quarantine' || policy === 'reject') return null;
    return `The DMARC policy is ${policy ? `p=${policy}` : 'missing'}; it must be p=quarantine or p=reject.`;
  }
  const found = await dns.txt(r.name);
  return found.some((v) => v.replace(/\s+/g, ' ').trim() === r.value) ? null : `No TXT record "${r.value}" at ${r.name}.`;
}

/** `k=v; k=v` tags of a DKIM or DMARC record, keys in lower case. */
function tagsOf(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return tags;
}

async function spfProblem(dns: Lookups, domain: string, senderHost: string): Promise<string | null> {
  const records = await dns.spf(domain);
  if (!records.length) return `No SPF record (v=spf1) is published for ${domain}.`;
  if (records.length > 1) return `${domain} has ${records.length} SPF records; receivers treat that as an error, so keep one.`;
  const sender = bare(senderHost);
  const addresses = isIP(sender) ? [sender] : await dns.addresses(sender);
  if (!addresses.length) return `${sender}, the host that sends this domain's mail, has no address (A or AAAA record) to allow.`;
  const allowed: string[] = [];
  for (const ip of addresses) if (await spfPasses(dns, domain, ip, sender, 0)) allowed.push(ip);
  if (allowed.length === addresses.length) return null;
  const hint = isIP(sender) ? `${isIP(sender) === 4 ? 'ip4' : 'ip6'}:${sender}` : `a:${sender}`;
  return `The SPF record of ${domain} does not let ${sender} (${addresses.join(', ')}) send: add ${hint}.`;
}

/** RFC 7208 §4.6 in short: the first mechanism that matches `ip` decides; only `+` (the default) passes. */
async function spfPasses(dns: Lookups, domain: string, ip: string, sender: string, depth: number): Promise<boolean> {
  if (depth > MAX_SPF_DEPTH) return false;
  const [record] = await dns.spf(domain);
  if (!record) return false;
  const terms = record.split(/\s+/).slice(1);
  for (const term of terms) {
    const m = /^([+?~-]?)([a-z0-9]+)(?::([^/]+))?(\/\d+)?(?:\/\/\d+)?$/i.exec(term);
    if (!m) continue;
    const [, qualifier = '', mech = '', arg, cidr] = m;
    let match = false;
    switch (mech.toLowerCase()) {
      case 'all':
        // `+all` lets anyone send: never counted as allowing the sender.
        return false;
      case 'ip4':
      case 'ip6':
        match = !!arg && inCidr(ip, `${arg}${cidr ?? ''}`);
        break;
      case 'a': {
        const host = bare(arg ?? domain);
        match = host === sender || (await dns.addresses(host)).some((a) => inCidr(ip, `${a}${cidr ?? ''}`));
        break;
      }
      case 'mx': {
        const hosts = await dns.mx(bare(arg ?? domain));
        const addresses = (await Promise.all(hosts.map((h) => dns.addresses(h)))).flat();
        match = hosts.includes(sender) || addresses.some((a) => inCidr(ip, `${a}${cidr ?? ''}`));
        break;
      }
      case 'include':
        match = !!arg && (await spfPasses(dns, bare(arg), ip, sender, depth + 1));
        break;
    }
    if (match) return qualifier === '' || qualifier === '+';
  }
  const redirect = terms.map((t) => /^redirect=(.+)$/i.exec(t)?.[1]).find(Boolean);
  return redirect ? spfPasses(dns, bare(redirect), ip, sender, depth + 1) : false;
}

function inCidr(ip: string, cidr: string): boolean {
  const [net = '', bits] = cidr.split('/');
  const family = isIP(net);
  if (!family || family !== isIP(ip)) return false;
  const list = new BlockList();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  list.addSubnet(net, bits === undefined ? (family === 4 ? 32 : 128) : Number(bits), type);
  return list.check(ip, type);
}

/** The look-ups of one check, each asked once; a failed look-up is an empty answer. */
class Lookups {
  private readonly cache = new Map<string, Promise<string[]>>();
  constructor(private readonly resolver: Resolver) {}

  private once(key: string, ask: () => Promise<string[]>): Promise<string[]> {
    let p = this.cache.get(key);
    if (!p) this.cache.set(key, (p = ask().catch(() => [])));
    return p;
  }

  txt(name: string) {
    return this.once(`TXT ${name}`, async () => (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join('')));
  }
  spf(name: string) {
    return this.txt(name).then((values) => values.filter((v) => /^v=spf1(\s|$)/i.test(v)));
  }
  mx(name: string) {
    return this.once(`MX ${name}`, async () =>
      (await this.resolver.resolveMx(name)).sort((a, b) => a.priority - b.priority).map((r) => bare(r.exchange)),
    );
  }
  addresses(host: string) {
    return this.once(`A ${host}`, async () => {
      const [v4, v6] = await Promise.all([
        this.resolver.resolve4(host).catch(() => []),
        this.resolver.resolve6(host).catch(() => []),
      ]);
      return [...v4, ...v6];
    });
  }
}
