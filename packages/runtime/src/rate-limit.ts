import { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit of `key`; `allowed` is false once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Reads without counting. */
  peek(key: string, limit: number): Promise<boolean>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Fixed-window counters in memory (embedded default). */
export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, limit: number, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    if (this.windows.size > 100_000) this.sweep(now);
    return { allowed: w.count <= limit, retryAfterMs: w.resetAt - now };
  }

  async peek(key: string, limit: number) {
    const w = this.windows.get(key);
    return !w || w.resetAt <= Date.now() || w.count < limit;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {}

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** Fixed-window counters in Redis, shared by every api process. */
export class RedisRateLimiter implements RateLimiter {
  private redis: Redis;
  constructor(url: string, private prefix = 'alias:rl:') {
    this.redis = new Redis(url);
  }

  async hit(key: string, limit: number, windowMs: number) {
    const k = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
    let retryAfterMs = ttl;
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      retryAfterMs = windowMs;
    }
    return { allowed: count <= limit, retryAfterMs };
  }

  async peek(key: string, limit: number) {
    const v = await this.redis.get(this.prefix + key);
    return v === null || Number(v) < limit;
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}
