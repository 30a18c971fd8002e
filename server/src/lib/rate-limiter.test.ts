import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter.ts';

describe('MemoryRateLimiter', () => {
  it('allows max hits per window, then refuses with a Retry-After', async () => {
    const limiter = new MemoryRateLimiter();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfter).toBeGreaterThan(0);
    expect((await limiter.hit('other', 3, 60)).allowed).toBe(true);
    // Looking does not count.
    expect((await limiter.isBlocked('other', 2)).allowed).toBe(true);
    expect((await limiter.isBlocked('other', 2)).allowed).toBe(true);
    expect((await limiter.isBlocked('k', 3)).allowed).toBe(false);
  });
});

// Runs where a Redis server is given (CI sets TEST_REDIS_URL); a newcomer's machine may have none.
describe.runIf(process.env.TEST_REDIS_URL)('RedisRateLimiter', () => {
  it('shares one counter between app servers', async () => {
    const a = new Redis(process.env.TEST_REDIS_URL!);
    const b = new Redis(process.env.TEST_REDIS_URL!);
    const key = `test:${randomBytes(6).toString('hex')}`;
    try {
      const first = new RedisRateLimiter(a);
      const second = new RedisRateLimiter(b);
      expect((await first.hit(key, 2, 30)).allowed).toBe(true);
      expect((await second.hit(key, 2, 30)).allowed).toBe(true);
      const third = await first.hit(key, 2, 30);
      expect(third.allowed).toBe(false);
      expect(third.retryAfter).toBeLessThanOrEqual(30);
      expect((await second.isBlocked(key, 3)).allowed).toBe(false);
      expect((await second.isBlocked(`${key}:other`, 3)).allowed).toBe(true);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
