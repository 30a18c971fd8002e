import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window counters: every limit of the server (login, register, the per-route limits of
 * plugins/rate-limits.ts). In memory for one process; in Redis when REDIS_URL is set so every app
 * server shares them, with the in-memory counters standing in while Redis is unreachable.
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

/** Shared counters in Redis. Throws when Redis does not answer: see FallbackRateLimiter. */
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

/** The two lines an outage writes: one when it starts, one when it ends. */
export interface LimiterLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** After a command failed, Redis is left alone this long before one request tries it again. */
const COOL_OFF_MS = 5_000;

/**
 * Redis is an accelerator here, not a single point of failure: while it is unreachable every
 * limit is counted per process instead (each app server then allows up to its own `max`), and
 * requests never wait on it. The client does not queue commands while disconnected (they fail at
 * once, lib/redis.ts), a connection that is down is not even tried, and after a command failed
 * or timed out nothing is sent for a few seconds. The outage is logged once, and its end once.
 */
export class FallbackRateLimiter implements RateLimiter {
  private readonly shared: RedisRateLimiter;
  private readonly local = new MemoryRateLimiter();
  private outage = false;
  private resumeAt = 0;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: LimiterLog,
    private readonly now: () => number = Date.now,
  ) {
    this.shared = new RedisRateLimiter(redis);
    // Without a listener, every failed reconnect would be printed by ioredis itself.
    redis.on('error', (err: Error) => this.down(err));
    redis.on('close', () => this.down(new Error('the connection closed')));
    redis.on('ready', () => this.up());
  }

  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.either(
      () => this.shared.hit(key, max, windowSeconds),
      () => this.local.hit(key, max, windowSeconds),
    );
  }

  isBlocked(key: string, max: number): Promise<RateLimitResult> {
    return this.either(
      () => this.shared.isBlocked(key, max),
      () => this.local.isBlocked(key, max),
    );
  }

  private async either(shared: () => Promise<RateLimitResult>, local: () => Promise<RateLimitResult>): Promise<RateLimitResult> {
    // Still connecting at start, or reconnecting: the 'close' or 'error' event logged the outage.
    if (this.redis.status !== 'ready' || this.now() < this.resumeAt) return local();
    try {
      const result = await shared();
      this.up();
      return result;
    } catch (err) {
      this.resumeAt = this.now() + COOL_OFF_MS;
      this.down(err as Error);
      return local();
    }
  }

  private down(err: Error): void {
    if (this.outage || this.closed) return;
    this.outage = true;
    this.log.warn({ err: { message: err.message } }, 'Redis is not answering: rate limits are counted per app server until it is back');
  }

  private up(): void {
    this.resumeAt = 0;
    if (!this.outage) return;
    this.outage = false;
    this.log.info('Redis answers again: rate limits are shared again');
  }

  /** Before the app disconnects Redis, so its own disconnect is not reported as an outage. */
  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
  }
}
