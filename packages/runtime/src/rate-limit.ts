import { Redis } from 'ioredis';
import { RESET_LIMIT_PER_MINUTE } from '@app/shared';
import type { Config } from './config';
import type { RedisWatch } from './redis-watch';

/** One fixed-window counter: at most `limit` attempts per `windowMs` under `key`. */
export interface Bucket {
  key: string;
  limit: number;
  windowMs: number;
}

/** A named limit: its limit and window, and the prefix of its keys when that is not its name. */
interface Limit {
  limit: number;
  windowMs: number;
  /** Two limits of one subject kept their shared prefix (`totp:check:{account}:{ip}` and `totp:check:{account}`). */
  prefix?: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Password tries per client address, whatever the account (against spraying many accounts). */
const LOGIN_PER_IP = { limit: 50, windowMs: MINUTE };

/** The limits fixed rather than configured (docs/security.md W5, W17, W19, TK6). */
export const FIXED_LIMITS = {
  /** Password tries per account and client address, before the owner's own typos are forgiven. */
  'login:pair': { limit: 10, windowMs: MINUTE },
  /** Password and passkey sign-ins per client address, whatever the account. */
  'login:ip': LOGIN_PER_IP,
  /** Password tries per account from clients without its device cookie: a short window, never an hour. */
  'login:account': { limit: 100, windowMs: 5 * MINUTE },
  /** Password tries per device cookie: a stolen cookie buys no more guesses than the owner gets. */
  'login:device': { limit: 10, windowMs: MINUTE },
  /** Passkey sign-in challenges per client address, as many as password tries. */
  'login:passkey-options': LOGIN_PER_IP,
  /** Failed mail-client sign-ins (IMAP, POP3) per account and client address (docs/mail-clients.md). */
  'mail:pair': { limit: 10, windowMs: MINUTE },
  /** Failed mail-client sign-ins per client address, whatever the account. */
  'mail:ip': { limit: 50, windowMs: MINUTE },
  /** Failed mail-client sign-ins per account, from anywhere. */
  'mail:account': { limit: 100, windowMs: 5 * MINUTE },
  /** "Confirm it's you" tries per account and client address (docs/security.md W17). */
  'reauth:pair': { limit: 10, windowMs: MINUTE },
  /** "Confirm it's you" tries per account, from anywhere. */
  'reauth:account': { limit: 100, windowMs: HOUR },
  /** Two-factor code and password checks per account and client address, counted before the check (like W5). */
  'totp:pair': { limit: 10, windowMs: MINUTE, prefix: 'totp:check' },
  /** Two-factor code and password checks per account, from anywhere. */
  'totp:account': { limit: 100, windowMs: HOUR, prefix: 'totp:check' },
  /** Current-password checks of the profile per account and client address (the profile is a password oracle too). */
  'profile-password:pair': { limit: 10, windowMs: MINUTE, prefix: 'profile:pw' },
  /** Current-password checks of the profile per account, from anywhere. */
  'profile-password:account': { limit: 100, windowMs: HOUR, prefix: 'profile:pw' },
  /** Invitation and reset codes tried per client address; codes carry 256 bits, this only keeps the table quiet. */
  'code:ip': { limit: 30, windowMs: MINUTE },
  /** Password-reset requests per address asked for. */
  'reset:addr': { limit: RESET_LIMIT_PER_MINUTE, windowMs: MINUTE },
  /** Password-reset requests per client address. */
  'reset:ip': { limit: RESET_LIMIT_PER_MINUTE, windowMs: MINUTE },
  /** Address checks and generators per account: enough for typing, too few for scraping. */
  lookup: { limit: 60, windowMs: MINUTE },
  /** Calls per API token (docs/security.md TK6). */
  'api-token': { limit: 120, windowMs: MINUTE },
} satisfies Record<string, Limit>;

/**
 * The named limits (docs/security.md W5, W19, W21, W22, S6), the one table of them: each name is the
 * prefix of its buckets' keys (or names its `prefix`), so the same name always means the same limit
 * and window.
 */
export function namedLimits(config: Config) {
  return {
    ...FIXED_LIMITS,
    /** Replies and chat messages from one alias. */
    'send:alias': { limit: config.SEND_PER_ALIAS_PER_HOUR, windowMs: HOUR },
    /** Replies and chat messages from one account. */
    'send:account': { limit: config.SEND_PER_ACCOUNT_PER_DAY, windowMs: DAY },
    /** Addresses one account writes to for the first time. */
    'send:new-recipient': { limit: config.SEND_NEW_RECIPIENTS_PER_DAY, windowMs: DAY },
    /**
     * An mbox import running for the account: one at a time (docs/security.md W22). Released when
     * it ends; the window only bounds a lock left by a process that died mid-import.
     */
    'import:account': { limit: 1, windowMs: HOUR },
    /** Recipients the mx refused to one client address, across sessions and mx processes (S6). */
    'mx:bad-rcpt': { limit: config.MX_MAX_BAD_RCPTS_PER_IP, windowMs: 15 * MINUTE },
    /** The same across the address's network, IPv4 /24 or IPv6 /64 (a prober moves through its addresses). */
    'mx:bad-rcpt:net': { limit: config.MX_MAX_BAD_RCPTS_PER_NETWORK, windowMs: 15 * MINUTE },
  } satisfies Record<string, Limit>;
}

export type LimitName = keyof ReturnType<typeof namedLimits>;

/** The bucket of one named limit for one subject (an account id, an address, ...). */
export function namedBucket(config: Config, name: LimitName, subject: string | number): Bucket {
  const { limit, windowMs, prefix = name }: Limit = namedLimits(config)[name];
  return { key: `${prefix}:${subject}`, limit, windowMs };
}

export interface Consumed {
  allowed: boolean;
  /** When refused: how long until the fullest bucket's window ends. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /**
   * One attempt against every bucket, atomically (docs/security.md W5): when every bucket has room, each
   * counts one and the attempt is allowed; when any is full, none counts. Concurrent callers can
   * never pass more attempts than the limit, since the check and the count are one step.
   */
  consume(buckets: Bucket[]): Promise<Consumed>;
  /** Whether the bucket is full now; it counts nothing, so it only ever gates, never counts. */
  isFull(bucket: Bucket): Promise<boolean>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Fixed-window counters in memory (embedded default); one synchronous step, so atomic. */
export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  async consume(buckets: Bucket[]): Promise<Consumed> {
    const now = Date.now();
    const live = buckets.map((b) => {
      const w = this.windows.get(b.key);
      return w && w.resetAt > now ? w : { count: 0, resetAt: now + b.windowMs };
    });
    const full = live.filter((w, i) => w.count >= buckets[i]!.limit);
    if (full.length) return { allowed: false, retryAfterMs: Math.max(...full.map((w) => w.resetAt - now)) };
    live.forEach((w, i) => {
      w.count++;
      this.windows.set(buckets[i]!.key, w);
    });
    if (this.windows.size > 100_000) this.sweep(now);
    return { allowed: true, retryAfterMs: 0 };
  }

  async isFull(bucket: Bucket) {
    const w = this.windows.get(bucket.key);
    return !!w && w.resetAt > Date.now() && w.count >= bucket.limit;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {}

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/**
 * KEYS: the buckets' keys; ARGV: limit and window of each, in pairs. Returns 0 when allowed, else
 * the milliseconds until the fullest bucket frees. A counter and its expiry are set in the same
 * script, so a crash can never leave a counter that never expires (the old INCR-then-PEXPIRE did).
 */
const CONSUME = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[2 * i]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 0
`;

/** Fixed-window counters in Redis, shared by every api process. */
export class RedisRateLimiter implements RateLimiter {
  private redis: Redis;
  constructor(
    url: string,
    private prefix = 'alias:rl:',
    watch?: RedisWatch,
  ) {
    this.redis = new Redis(url);
    watch?.watch(this.redis);
    this.redis.defineCommand('consumeBuckets', { lua: CONSUME });
  }

  async consume(buckets: Bucket[]): Promise<Consumed> {
    const run = (this.redis as unknown as { consumeBuckets(n: number, ...args: Array<string | number>): Promise<number> })
      .consumeBuckets;
    const wait = await run.call(
      this.redis,
      buckets.length,
      ...buckets.map((b) => this.prefix + b.key),
      ...buckets.flatMap((b) => [b.limit, b.windowMs]),
    );
    return { allowed: wait === 0, retryAfterMs: wait };
  }

  async isFull(bucket: Bucket) {
    return Number((await this.redis.get(this.prefix + bucket.key)) ?? 0) >= bucket.limit;
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}
