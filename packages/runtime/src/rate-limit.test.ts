import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit';

const redisUrl = process.env.REDIS_URL;
const limiters: Array<[string, (prefix: string) => RateLimiter]> = [['memory', () => new MemoryRateLimiter()]];
if (redisUrl) limiters.push(['redis', (prefix) => new RedisRateLimiter(redisUrl, prefix)]);

const bucket = (key: string, limit = 5) => ({ key, limit, windowMs: 60_000 });

describe.each(limiters)('%s rate limiter', (name, make) => {
  const prefix = `test-${randomBytes(4).toString('hex')}:rl:`;

  it('allows `limit` attempts per window and refuses the next', async () => {
    const l = make(prefix);
    try {
      for (let i = 0; i < 5; i++) {
        expect(await l.isFull(bucket('k'))).toBe(false);
        expect((await l.consume([bucket('k')])).allowed).toBe(true);
      }
      expect(await l.isFull(bucket('k'))).toBe(true);
      const sixth = await l.consume([bucket('k')]);
      expect(sixth.allowed).toBe(false);
      expect(sixth.retryAfterMs).toBeGreaterThan(0);
      await l.reset('k');
      expect((await l.consume([bucket('k')])).allowed).toBe(true);
    } finally {
      await l.close();
    }
  });

  it('lets exactly `limit` of many concurrent attempts through (no check-then-count race)', async () => {
    const l = make(prefix);
    try {
      const results = await Promise.all(Array.from({ length: 40 }, () => l.consume([bucket('race', 7)])));
      expect(results.filter((r) => r.allowed)).toHaveLength(7);
    } finally {
      await l.close();
    }
  });

  it('a full bucket refuses the attempt without counting it in the others', async () => {
    const l = make(prefix);
    try {
      for (let i = 0; i < 2; i++) expect((await l.consume([bucket('narrow', 2), bucket('wide', 3)])).allowed).toBe(true);
      expect((await l.consume([bucket('narrow', 2), bucket('wide', 3)])).allowed).toBe(false);
      // 'wide' counted two, not three: one more attempt through another narrow bucket passes.
      expect((await l.consume([bucket('other', 2), bucket('wide', 3)])).allowed).toBe(true);
      expect((await l.consume([bucket('other2', 2), bucket('wide', 3)])).allowed).toBe(false);
    } finally {
      await l.close();
    }
  });

  it.runIf(name === 'redis')('never leaves a counter without an expiry', async () => {
    const l = make(prefix);
    const redis = new Redis(redisUrl!);
    try {
      await Promise.all(Array.from({ length: 20 }, () => l.consume([bucket('ttl', 3)])));
      const ttl = await redis.pttl(`${prefix}ttl`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await l.close();
      await redis.quit();
    }
  });
});
