import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window counters for rules that @fastify/rate-limit cannot key (per username on login).
 * In memory for one process; in Redis when REDIS_URL is set so every app server shares them.
 */
export interface RateLimiter {
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether the key is already over max, without counting this look. */
  isBlocked(key: string, max: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= max, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  async isBlocked(key: string, max: number): Promise<RateLimitResult> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { allowed: true, retryAfter: 0 };
    return { allowed: w.count < max, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'mm:rl:',
  ) {}

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    const k = this.prefix + key;
    const results = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
    return { allowed: count <= max, retryAfter: Math.max(1, ttl) };
  }

  async isBlocked(key: string, max: number): Promise<RateLimitResult> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    return { allowed: Number(count ?? 0) < max, retryAfter: Math.max(1, ttl) };
  }

  async close(): Promise<void> {
    // The Redis connection belongs to the app and is closed there.
  }
}
