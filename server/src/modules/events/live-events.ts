import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { MemoryTransport, type EventTransport, type SessionEnd } from './event-transport.ts';
import { RedisTransport } from './redis-transport.ts';
import { StreamHub, type StreamHubOptions } from './stream-hub.ts';

export type LiveEventsOptions = Omit<StreamHubOptions, 'since'>;

/**
 * Live events of this app server (docs/design.md §10): `publish` records an event for its
 * audience and delivers it to their streams here and, through the transport, on every other app
 * server. Publishing never fails a request: without Redis an event reaches this server's streams
 * only, without an id.
 */
export class LiveEvents {
  readonly hub: StreamHub;

  constructor(
    readonly transport: EventTransport,
    readonly log: FastifyBaseLogger,
    options: LiveEventsOptions = {},
  ) {
    this.hub = new StreamHub({ ...options, since: (userId, afterId) => transport.since(userId, afterId) });
    transport.listen({
      deliver: (recipients, event) => this.hub.deliver(recipients, event),
      endSessions: (end) => this.hub.endSessions(end),
      resumed: () => this.hub.resume(),
    });
  }

  /** `userIds` come from the audience module (audience.ts), never from anywhere else. */
  async publish(userIds: readonly string[], event: LiveEvent): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const ids = await this.transport.publish(unique, event);
    this.hub.deliver(
      unique.map((userId, i) => ({ userId, id: ids[i] ?? null })),
      event,
    );
  }

  /**
   * Resolves when this server hears the others, or after `timeoutMs` (false): a server must not
   * accept streams it cannot feed, but must still start while Redis is down (streams then
   * catch up when the subscription comes).
   */
  async whenConnected(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([this.transport.whenConnected().then(() => true as const), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ended sessions lose their live streams on every app server, as they lose every other call. */
  async endSessions(end: SessionEnd): Promise<void> {
    this.hub.endSessions(end);
    await this.transport.endSessions(end);
  }

  /** Before the server stops listening: streams end, so their clients reconnect to another server. */
  endAllStreams(): void {
    this.hub.closeAll();
  }

  async close(): Promise<void> {
    this.hub.closeAll();
    await this.transport.close();
  }
}

export function createLiveEvents(
  redis: Redis | undefined,
  prefix: string,
  log: FastifyBaseLogger,
  options: LiveEventsOptions = {},
): LiveEvents {
  const transport = redis ? new RedisTransport(redis, { prefix, serverId: randomUUID(), log }) : new MemoryTransport();
  return new LiveEvents(transport, log, options);
}
