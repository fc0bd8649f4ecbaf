import { namedBucket, type Bucket, type Config, type Logger, type RateLimiter } from '@app/runtime';
import { networkOf } from './guard';
import type { MxLimits } from './limits';

/**
 * Recipient probing across sessions (S6): refused recipients are counted per client address and
 * per network (IPv4 /24, IPv6 /64: one prober rarely has one address) in the shared limiter, so
 * every mx sees them; an address over either limit waits, then gets 421, whichever session it
 * opens. A limiter that fails lets mail through: it guards, it never refuses.
 */
export class ProbingGuard {
  constructor(
    private limiter: RateLimiter,
    private config: Config,
    private limits: MxLimits,
    private log: Logger,
  ) {}

  /** At connect: whether the address may open a session, after the delay when it may not. */
  async admits(ip: string): Promise<boolean> {
    let full: boolean;
    try {
      full = (await Promise.all(this.buckets(ip).map((b) => this.limiter.isFull(b)))).includes(true);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'rate limiter unavailable');
      return true;
    }
    if (full) await this.delay();
    return !full;
  }

  /** Counts one refused recipient: whether the address and its network are still within their limits, after the delay when not. */
  async counts(ip: string): Promise<boolean> {
    const within = await this.limiter.consume(this.buckets(ip)).then(
      ({ allowed }) => allowed,
      () => true,
    );
    if (!within) await this.delay();
    return within;
  }

  /** The wait before a prober's 421, which slows probing further. */
  delay(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.limits.badRecipientDelayMs));
  }

  private buckets(ip: string): Bucket[] {
    return [namedBucket(this.config, 'mx:bad-rcpt', ip), namedBucket(this.config, 'mx:bad-rcpt:net', networkOf(ip))];
  }
}
