import type { Bucket, Logger, RateLimiter } from '@app/runtime';
import type { MxLimits } from './limits';

/**
 * Recipient probing across sessions (S6): refused recipients are counted per client address in
 * the shared limiter, so every mx sees them; an address over its limit waits, then gets 421,
 * whichever session it opens. A limiter that fails lets mail through: it guards, it never refuses.
 */
export class ProbingGuard {
  constructor(
    private limiter: RateLimiter,
    private limits: MxLimits,
    private log: Logger,
  ) {}

  /** At connect: whether the address may open a session, after the delay when it may not. */
  async admits(ip: string): Promise<boolean> {
    let full: boolean;
    try {
      full = await this.limiter.isFull(this.bucket(ip));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'rate limiter unavailable');
      return true;
    }
    if (full) await this.delay();
    return !full;
  }

  /** Counts one refused recipient: whether the address is still within its limit, after the delay when it is not. */
  async counts(ip: string): Promise<boolean> {
    const within = await this.limiter.consume([this.bucket(ip)]).then(
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

  private bucket(ip: string): Bucket {
    return { key: `mx:bad-rcpt:${ip}`, limit: this.limits.maxBadRecipientsPerIp, windowMs: this.limits.badRecipientWindowMs };
  }
}
