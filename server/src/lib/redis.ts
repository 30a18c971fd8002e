import { Redis } from 'ioredis';

/**
 * The Redis client of the app. Redis may be down while the app keeps serving (rate limits then
 * count per process, lib/rate-limiter.ts), so no request may wait on it: commands fail at once
 * while the connection is down instead of queueing, a connection attempt or a command gives up
 * after a fraction of a second, and reconnecting goes on in the background.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

export type DependencyState = 'ok' | 'down' | 'not configured';

/** For /api/health: a PING, bounded by the client's command timeout. */
export async function redisState(redis: Redis | undefined): Promise<DependencyState> {
  if (!redis) return 'not configured';
  if (redis.status !== 'ready') return 'down';
  try {
    await redis.ping();
    return 'ok';
  } catch {
    return 'down';
  }
}
