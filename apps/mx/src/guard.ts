import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';

/**
 * What keeps the intake from being held shut (docs/security.md S6–S8): connection places per address and
 * per network, a progress watch against trickling clients, and the checks on MAIL FROM that
 * smtp-server leaves to the application.
 */

/** The network an address belongs to for the concurrency limit: IPv4 /24, IPv6 /64. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4 && isIPv4(ip.replace(/^::ffff:/i, ''))) return `${v4[1]}.0/24`;
  if (!isIPv6(ip)) return ip;
  // Expand "::" so that the first four groups are always the /64 prefix.
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Open connections per address and per network; a place is taken at connect, given back at close. */
export class ConnectionPlaces {
  private counts = new Map<string, number>();
  constructor(
    private maxPerIp: number,
    private maxPerNetwork: number,
  ) {}

  /** Takes a place for the address; false (nothing taken) when its address or its network is full. */
  take(ip: string): boolean {
    const net = `net:${networkOf(ip)}`;
    if ((this.counts.get(ip) ?? 0) >= this.maxPerIp || (this.counts.get(net) ?? 0) >= this.maxPerNetwork) return false;
    for (const k of [ip, net]) this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    return true;
  }

  release(ip: string): void {
    for (const k of [ip, `net:${networkOf(ip)}`]) {
      const n = (this.counts.get(k) ?? 1) - 1;
      if (n > 0) this.counts.set(k, n);
      else this.counts.delete(k);
    }
  }
}

/** `MAIL FROM:<@relay.example,@other.example:user@example.com>`: smtp-server strips the route silently. */
export const SOURCE_ROUTED = /^\s*MAIL\s+FROM\s*:\s*<\s*@/i;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/**
 * A reverse path the mx refuses although smtp-server parsed it: anything but the null sender or
 * `local@fully.qualified.domain` (no address literals, no dotless or numeric top-level domains).
 */
export function isMalformedSender(address: string): boolean {
  if (address === '') return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return true;
  const domain = address.slice(at + 1);
  // smtp-server hands over internationalised domains as Unicode; '' when not a valid IDN.
  return !DOMAIN.test(domainToASCII(domain));
}

/** The parts of an smtp-server connection the progress watch reads. */
export interface WatchedConnection {
  _socket?: { bytesRead?: number };
  _parser?: { _remainder?: string; _dataMode?: boolean };
}

/**
 * Cuts a client that trickles (S8): while the mx waits for the rest of a command line or for
 * message data, the client must send at least `minBytes` in every window. Two slow windows in a
 * row end the session, so a byte every few seconds is cut within two windows. Idle time between
 * commands is the idle timeout's business, and time the mx itself spends is never counted.
 */
export function watchProgress(
  conn: WatchedConnection,
  opts: { windowMs: number; minBytes: number; onSlow: () => void },
): () => void {
  let last = conn._socket?.bytesRead ?? 0;
  let slowWindows = 0;
  const timer = setInterval(() => {
    const read = conn._socket?.bytesRead ?? 0;
    // STARTTLS swaps the socket, and the new one counts from zero.
    const progress = read >= last ? read - last : read;
    last = read;
    const waitingForClient = !!conn._parser?._remainder || !!conn._parser?._dataMode;
    slowWindows = waitingForClient && progress < opts.minBytes ? slowWindows + 1 : 0;
    if (slowWindows >= 2) {
      clearInterval(timer);
      opts.onSlow();
    }
  }, opts.windowMs);
  timer.unref();
  return () => clearInterval(timer);
}
