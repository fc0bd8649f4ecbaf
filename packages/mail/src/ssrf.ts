import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

/**
 * SSRF guard for every connection the service makes to an address a user chose: the image proxy
 * (docs/security.md H6) and Web Push endpoints (W20), ASVS 1.3.6. Only public unicast addresses
 * may be reached. Refuses loopback, private, link-local, CGNAT, multicast, reserved,
 * documentation and metadata ranges, for IPv4, IPv6 and IPv4 embedded in IPv6.
 */

// [first address as a 32-bit number, prefix length]
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT, RFC 6598
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return n >= start && n < start + size;
  });
}

/** Expands an IPv6 address into 8 16-bit groups (handles `::` and a dotted IPv4 tail). */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const n = v4ToInt(tail[1]!);
    s = s.slice(0, tail.index) + ((n >>> 16) & 0xffff).toString(16) + ':' + (n & 0xffff).toString(16);
  }
  const [head, rest] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : [];
  const fill = rest !== undefined ? 8 - h.length - r.length : 0;
  return [...h, ...Array(fill).fill('0'), ...r].map((g) => parseInt(g || '0', 16));
}

function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  const embedded = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): judge the IPv4 address.
  if (zeros(5) && g[5] === 0xffff) return v4Blocked(embedded(g[6]!, g[7]!));
  if (zeros(6)) return true; // ::, ::1 and the deprecated IPv4-compatible range
  // 64:ff9b::/96 NAT64 carries an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(embedded(g[6]!, g[7]!));
  // 2002::/16 6to4 embeds the IPv4 address in groups 1-2.
  if (g[0] === 0x2002) return v4Blocked(embedded(g[1]!, g[2]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (first === 0x2001 && g[1]! < 0x0200) return true; // 2001::/23 IETF special purpose (Teredo, ORCHID…)
  return (first & 0xe000) !== 0x2000; // only 2000::/3 is global unicast
}

/** True when the address is a public unicast IP that the image proxy may connect to. */
export function isPublicAddress(ip: string): boolean {
  const kind = isIP(ip.replace(/^\[|\]$/g, '').split('%')[0]!);
  if (kind === 4) return !v4Blocked(ip);
  if (kind === 6) return !v6Blocked(ip.replace(/^\[|\]$/g, ''));
  return false;
}

/** Host names that always resolve to private space or are ours (nip.io-style tricks are caught after DNS). */
export function isForbiddenHostname(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.endsWith('.local') ||
    h.endsWith('.internal') ||
    h === 'metadata.google.internal'
  );
}

/** Where a connection to a user-chosen host may go: how names resolve, and which addresses are allowed. */
export interface AddressPolicy {
  lookup(host: string): Promise<string[]>;
  isAllowed(ip: string): boolean;
  /** host:port pairs let through whatever they resolve to (FETCH_ALLOW_HOSTS, tests' stand-ins). */
  allowsHost?(host: string, port: number): boolean;
}

/** The real policy: the system resolver, public unicast addresses only. */
export const PUBLIC_ADDRESSES: AddressPolicy = {
  lookup: async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address),
  isAllowed: isPublicAddress,
};

export type Resolved = { ok: true; ip: string } | { ok: false; reason: 'host' | 'dns' | 'address' };

/**
 * The one address to connect to for `host` (a URL's hostname, brackets allowed): every address
 * the name resolves to must be allowed, so a name with one private address is refused outright.
 * The caller connects to that address only (`pinnedLookup`), never resolving the name again, so
 * DNS cannot rebind between the check and the connection.
 */
export async function resolveAllowed(host: string, policy: AddressPolicy, port?: number): Promise<Resolved> {
  const name = host.replace(/^\[|\]$/g, '');
  if (port !== undefined && policy.allowsHost?.(name.toLowerCase(), port)) {
    const ips = isIP(name) ? [name] : await policy.lookup(name).catch(() => []);
    return ips.length ? { ok: true, ip: ips[0]! } : { ok: false, reason: 'dns' };
  }
  if (isForbiddenHostname(name)) return { ok: false, reason: 'host' };
  let ips: string[];
  try {
    ips = isIP(name) ? [name] : await policy.lookup(name);
  } catch {
    return { ok: false, reason: 'dns' };
  }
  if (!ips.length || !ips.every((ip) => policy.isAllowed(ip))) return { ok: false, reason: 'address' };
  return { ok: true, ip: ips[0]! };
}

/**
 * The policy plus `host:port` pairs it lets through whatever their address (FETCH_ALLOW_HOSTS:
 * the tests' local receivers; empty in production, where this returns `policy` itself). Only the
 * exact host and port pass: another port of the same host is judged by `policy`.
 */
export function withAllowedHosts(policy: AddressPolicy, hostPorts: readonly string[]): AddressPolicy {
  if (!hostPorts.length) return policy;
  const allowed = new Set(hostPorts.map((h) => h.toLowerCase().replace(/^\[([^\]]+)\]/, '$1')));
  return { ...policy, allowsHost: (host, port) => allowed.has(`${host.replace(/^\[|\]$/g, '')}:${port}`) };
}

/** A `lookup` for http(s) requests and agents that answers only the address resolveAllowed checked. */
export function pinnedLookup(ip: string): LookupFunction {
  const family = isIP(ip);
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
    opts?.all ? cb(null, [{ address: ip, family }]) : cb(null, ip, family)) as unknown as LookupFunction;
}
