import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HAS_REDIS_SERVER, TestRedis } from '../../test/redis-server.ts';
import { FallbackRateLimiter, MemoryRateLimiter, RedisRateLimiter } from './rate-limiter.ts';
import { openRedis } from './redis.ts';

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

describe.runIf(HAS_REDIS_SERVER)('FallbackRateLimiter', () => {
  let server: TestRedis;
  let redis: Redis;
  const log = { warn: vi.fn(), info: vi.fn() };
  let clock = 1_000_000;

  beforeAll(async () => {
    server = await TestRedis.start();
    redis = openRedis(server.url);
    await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    server.resume();
    redis.disconnect();
    await server.stop();
  });

  it('counts in Redis while it answers, per process while it is down, logging each change once', async () => {
    const limiter = new FallbackRateLimiter(redis, log, () => clock);
    const multi = vi.spyOn(redis, 'multi');
    expect((await limiter.hit('fb:a', 2, 60)).allowed).toBe(true);
    expect(multi).toHaveBeenCalledTimes(1);
    expect(Number(await redis.get('mm:rl:fb:a'))).toBe(1);

    await server.stop();
    // The client learns of it from the closed socket.
    if (redis.status === 'ready') await new Promise((resolve) => redis.once('close', resolve));
    const down = [];
    for (let i = 0; i < 20; i++) down.push(await limiter.hit('fb:b', 10, 60));
    // Still limiting, on this process's own counters.
    expect(down.map((r) => r.allowed)).toEqual([...Array(10).fill(true), ...Array(10).fill(false)]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![1]).toMatch(/counted per app server/);
    // Nothing was sent to a connection known to be down.
    expect(multi).toHaveBeenCalledTimes(1);

    await server.restart();
    await new Promise((resolve) => redis.once('ready', resolve));
    expect(log.info).toHaveBeenCalledTimes(1);
    // Counting in Redis again (a fresh one: it kept nothing).
    expect((await limiter.hit('fb:a', 2, 60)).allowed).toBe(true);
    expect(Number(await redis.get('mm:rl:fb:a'))).toBe(1);
    expect(multi).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('leaves a hung Redis alone for a few seconds after one command timed out', async () => {
    log.warn.mockClear();
    const limiter = new FallbackRateLimiter(redis, log, () => clock);
    const multi = vi.spyOn(redis, 'multi');
    server.pause();
    // One request waits for the command timeout (a fraction of a second) …
    expect((await limiter.hit('fb:c', 5, 60)).allowed).toBe(true);
    expect(multi).toHaveBeenCalledTimes(1);
    // … the next ones do not touch Redis at all.
    for (let i = 0; i < 10; i++) await limiter.hit('fb:c', 5, 60);
    expect((await limiter.isBlocked('fb:c', 5)).allowed).toBe(false);
    expect(multi).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    server.resume();
    // Once the pause is over, the next request tries Redis again.
    clock += 5_000;
    await limiter.hit('fb:c', 5, 60);
    expect(multi).toHaveBeenCalledTimes(2);
  });
});
