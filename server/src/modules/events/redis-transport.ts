import { LIVE_EVENTS, liveEventSchema, type LiveEvent } from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { parseEventId } from './event-ids.ts';
import type { EventTransport, RemoteListener, SessionEnd, StoredEvent } from './event-transport.ts';

/**
 * Records each event in one Redis stream per user (ids, replay), then publishes it on one channel
 * that every app server subscribes to, in one script: Redis runs scripts one at a time, so every
 * server sees one user's events in the order of their ids.
 * KEYS: the users' stream keys. ARGV: max length, time to live (ms), channel, event JSON, this
 * server's id, then the user ids.
 */
const PUBLISH_SCRIPT = `
local ids = {}
local to = {}
for i, key in ipairs(KEYS) do
  local id = redis.call('XADD', key, 'MAXLEN', ARGV[1], '*', 'e', ARGV[4])
  redis.call('PEXPIRE', key, ARGV[2])
  ids[i] = id
  to[i] = { ARGV[5 + i], id }
end
redis.call('PUBLISH', ARGV[3], cjson.encode({ from = ARGV[5], to = to, e = ARGV[4] }))
return ids
`;

/** A request never waits longer than this on Redis: past it the event is delivered here only. */
const PUBLISH_TIMEOUT_MS = 500;

type RedisWithPublish = Redis & {
  mmPublishEvent(numKeys: number, ...args: string[]): Promise<string[]>;
};

interface ChannelMessage {
  from: string;
  /** An event for these users, with their ids. */
  to?: Array<[string, string]>;
  e?: string;
  /** Or: streams to end. */
  end?: SessionEnd;
}

function timeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

export interface RedisTransportOptions {
  /** REDIS_PREFIX: keys `<prefix>ev:u:<user id>`, channel `<prefix>ev`. */
  prefix: string;
  /** This app server's id: it skips its own messages (it delivered them already). */
  serverId: string;
  log: FastifyBaseLogger;
  windowMs?: number;
  now?: () => number;
}

/**
 * Across app servers (docs/design.md §8, §10). Commands go over the app's connection; the
 * subscription has a connection of its own (a subscribed connection can do nothing else). When
 * Redis is away, publishing fails fast and the event reaches this server's streams only; when the
 * subscription comes back, `resumed` lets the hub read what was recorded meanwhile.
 */
export class RedisTransport implements EventTransport {
  private readonly sub: Redis;
  private readonly commands: RedisWithPublish;
  private readonly channel: string;
  private readonly windowMs: number;
  private readonly now: () => number;
  private listener?: RemoteListener;
  private subscribed = false;
  private closed = false;
  private readonly waiting = new Set<() => void>();
  private lastWarning = 0;

  constructor(
    redis: Redis,
    private readonly options: RedisTransportOptions,
  ) {
    this.channel = `${options.prefix}ev`;
    this.windowMs = options.windowMs ?? LIVE_EVENTS.replaySeconds * 1000;
    this.now = options.now ?? Date.now;
    this.commands = redis as RedisWithPublish;
    if (typeof this.commands.mmPublishEvent !== 'function') {
      redis.defineCommand('mmPublishEvent', { lua: PUBLISH_SCRIPT });
    }
    // Its own connection, which waits for Redis rather than failing (nothing waits on it), and
    // subscribes again by itself each time it is ready, so `resumed` knows when it is.
    this.sub = redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      autoResubscribe: false,
      commandTimeout: undefined,
      lazyConnect: false,
    });
    this.sub.on('error', (err: Error) => this.warn(err, 'the live events subscription lost Redis; it reconnects by itself'));
    this.sub.on('close', () => {
      this.subscribed = false;
    });
    this.sub.on('ready', () => void this.subscribe());
    this.sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    redis.on('ready', this.onCommandsReady);
  }

  private readonly onCommandsReady = () => this.wakeWaiters();

  private wakeWaiters(): void {
    if (!this.subscribed || this.commands.status !== 'ready') return;
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.sub.subscribe(this.channel);
    } catch (err) {
      if (!this.closed) this.warn(err, 'could not subscribe to live events; retrying when Redis is back');
      return;
    }
    this.subscribed = true;
    this.wakeWaiters();
    // Streams opened before this moment, at start as after an outage, read what other servers
    // recorded for them while this server could not hear it.
    this.listener?.resumed();
  }

  /**
   * Resolves once this server both hears the other servers and can publish to them (at start, or
   * after Redis came back).
   */
  whenConnected(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.add(resolve);
      this.wakeWaiters();
    });
  }

  /** Warnings at most every 10 s: a Redis outage must not flood the log. */
  private warn(err: unknown, message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.options.log.warn({ err }, message);
  }

  private receive(raw: string): void {
    let message: ChannelMessage;
    try {
      message = JSON.parse(raw) as ChannelMessage;
    } catch {
      return;
    }
    if (message.from === this.options.serverId || !this.listener) return;
    if (message.end) {
      this.listener.endSessions(message.end);
      return;
    }
    if (!message.to || !message.e) return;
    const event = parseEvent(message.e);
    if (!event) return;
    this.listener.deliver(
      message.to.map(([userId, id]) => ({ userId, id })),
      event,
    );
  }

  private key(userId: string): string {
    return `${this.options.prefix}ev:u:${userId}`;
  }

  async publish(userIds: readonly string[], event: LiveEvent): Promise<Array<string | null>> {
    if (userIds.length === 0) return [];
    if (this.commands.status !== 'ready') return userIds.map(() => null);
    try {
      const ids = await timeout(
        this.commands.mmPublishEvent(
          userIds.length,
          ...userIds.map((u) => this.key(u)),
          String(LIVE_EVENTS.replayPerUser),
          String(this.windowMs),
          this.channel,
          JSON.stringify(event),
          this.options.serverId,
          ...userIds,
        ),
        PUBLISH_TIMEOUT_MS,
      );
      return userIds.map((_, i) => ids[i] ?? null);
    } catch (err) {
      this.warn(err, 'could not publish a live event through Redis; delivered on this server only');
      return userIds.map(() => null);
    }
  }

  async endSessions(end: SessionEnd): Promise<void> {
    if (this.commands.status !== 'ready') return;
    try {
      await timeout(this.commands.publish(this.channel, JSON.stringify({ from: this.options.serverId, end })), PUBLISH_TIMEOUT_MS);
    } catch (err) {
      this.warn(err, 'could not tell the other servers to end live streams');
    }
  }

  async since(userId: string, afterId: string): Promise<StoredEvent[]> {
    if (this.commands.status !== 'ready') return [];
    let entries: Array<[string, string[]]>;
    try {
      entries = await timeout(
        this.commands.xrange(this.key(userId), `(${afterId}`, '+', 'COUNT', LIVE_EVENTS.replayPerUser),
        PUBLISH_TIMEOUT_MS,
      );
    } catch (err) {
      this.warn(err, 'could not read missed live events from Redis');
      return [];
    }
    const oldest = this.now() - this.windowMs;
    const events: StoredEvent[] = [];
    for (const [id, fields] of entries) {
      if ((parseEventId(id)?.ms ?? 0) < oldest) continue;
      const event = parseEvent(fields[1] ?? '');
      if (event) events.push({ id, event });
    }
    return events;
  }

  listen(listener: RemoteListener): void {
    this.listener = listener;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.commands.off('ready', this.onCommandsReady);
    this.sub.disconnect();
  }
}

/** What another server wrote is checked like any input: a bad entry is skipped, never sent on. */
function parseEvent(json: string): LiveEvent | null {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
