import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS, type LiveEvent } from '@memory-map/shared';
import type { AuthUser } from '../../app-types.ts';
import { compareEventIds, formatEventId } from './event-ids.ts';
import type { SessionEnd, StoredEvent } from './event-transport.ts';

export interface StreamHubOptions {
  heartbeatMs?: number;
  streamsPerUser?: number;
  /**
   * Bytes a stream may have waiting for a slow client. Beyond it the client is dropped rather
   * than the buffer grown; it reconnects with Last-Event-ID and reads what it missed.
   */
  maxBufferedBytes?: number;
  /**
   * A stream is ended after about this long (each a little sooner, so they do not all end at
   * once); its client reconnects with Last-Event-ID and nothing is lost. So a stream's session is
   * checked again at least this often (an expired session then gets 401), and streams spread
   * over the app servers again after one was added.
   */
  maxStreamMs?: number;
  /** Reads what a stream missed (the transport's per-user log). */
  since: (userId: string, afterId: string) => Promise<StoredEvent[]>;
}

const DEFAULT_MAX_STREAM_MS = 60 * 60 * 1000;

const DEFAULT_MAX_BUFFERED = 64 * 1024;
/** Events that may arrive while a stream is still sending what it missed; more drops the client. */
const MAX_HELD_EVENTS = 200;

function frame(id: string | null, event: LiveEvent): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** One open `GET /api/events` response. */
export class LiveStream {
  /**
   * Ids this stream has sent, so nothing is sent twice. Not a high-water mark: events reach a
   * server by two roads (its own publishes, the other servers' through the subscription) and a
   * replay after Redis came back, so an older id may arrive after a newer one and must still go.
   * Only the newest `LIVE_EVENTS.replayPerUser` are needed: a user's log keeps no more, so an
   * older one can never come back.
   */
  private readonly sent = new Set<string>();
  /** The client's Last-Event-ID: it has everything up to it. */
  private readonly floor: string | null;
  /** While what it missed is being read, live events wait here in order. */
  private held: Array<{ id: string | null; event: LiveEvent }> | null = null;
  closed = false;

  constructor(
    readonly user: AuthUser,
    private readonly res: ServerResponse,
    private readonly maxBuffered: number,
    lastEventId: string | null,
    /** Before any id, a replay reads from the moment the stream opened (ids start with a time). */
    private readonly openedAt: number,
    /** When the hub ends it (see maxStreamMs). */
    readonly endsAt: number,
  ) {
    this.floor = lastEventId;
  }

  /**
   * Where a replay starts reading: always the stream's own start, so a replay finds every event
   * it has not sent yet, however they arrived; what it did send is skipped by id.
   */
  get cursor(): string {
    return this.floor ?? formatEventId({ ms: this.openedAt, seq: 0 });
  }

  /** Writes, unless the client has not taken what waits already: then it is dropped. */
  write(chunk: string): void {
    if (this.closed || this.res.destroyed) return;
    if (this.res.writableLength > this.maxBuffered) {
      this.res.destroy();
      return;
    }
    this.res.write(chunk);
  }

  send(id: string | null, event: LiveEvent): void {
    if (this.held) {
      if (this.held.length >= MAX_HELD_EVENTS) this.res.destroy();
      else this.held.push({ id, event });
      return;
    }
    // An event sent already (live, then replayed) is not sent again; one without an id (Redis
    // away) always goes.
    if (id) {
      if (this.sent.has(id) || (this.floor && compareEventIds(id, this.floor) <= 0)) return;
      this.remember(id);
    }
    this.write(frame(id, event));
  }

  private remember(id: string): void {
    this.sent.add(id);
    if (this.sent.size <= 2 * LIVE_EVENTS.replayPerUser) return;
    const newest = [...this.sent].sort(compareEventIds).slice(-LIVE_EVENTS.replayPerUser);
    this.sent.clear();
    for (const kept of newest) this.sent.add(kept);
  }

  /** Sends what the stream missed, then what arrived meanwhile, each once and in order. */
  async catchUp(since: StreamHubOptions['since']): Promise<void> {
    if (this.held) return;
    this.held = [];
    let missed: StoredEvent[] = [];
    try {
      missed = await since(this.user.id, this.cursor);
    } finally {
      const held = this.held;
      this.held = null;
      for (const e of missed) this.send(e.id, e.event);
      for (const e of held) this.send(e.id, e.event);
    }
  }

  end(): void {
    if (this.closed) return;
    this.res.end();
  }
}

/**
 * This app server's open streams, by user. Events reach a user's streams through `deliver`; one
 * timer writes the heartbeat comment to all of them. Every stream is removed when its response
 * closes, however it closes (client gone, dropped as slow, ended by logout or shutdown), and
 * nothing else holds it: a dropped client leaves nothing behind.
 */
export class StreamHub extends EventEmitter<{ closed: [LiveStream] }> {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private heartbeat?: NodeJS.Timeout;
  private count = 0;
  private readonly heartbeatMs: number;
  private readonly streamsPerUser: number;
  private readonly maxBuffered: number;
  private readonly maxStreamMs: number;
  /** Called when the last stream has closed (tests wait for it, as for 'closed', instead of sleeping). */
  private idleWaiters = new Set<() => void>();

  constructor(private readonly options: StreamHubOptions) {
    super();
    this.heartbeatMs = options.heartbeatMs ?? LIVE_EVENTS.heartbeatSeconds * 1000;
    this.streamsPerUser = options.streamsPerUser ?? LIVE_EVENTS.streamsPerUser;
    this.maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
    this.maxStreamMs = options.maxStreamMs ?? DEFAULT_MAX_STREAM_MS;
  }

  get size(): number {
    return this.count;
  }

  /** Users with at least one stream. */
  get users(): number {
    return this.byUser.size;
  }

  hasRoomFor(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < this.streamsPerUser;
  }

  /**
   * Takes over an HTTP response whose headers are written: registers it, then sends what it
   * missed after `lastEventId` (live events arriving meanwhile wait their turn).
   */
  async open(user: AuthUser, res: ServerResponse, lastEventId: string | null, now = Date.now()): Promise<LiveStream> {
    const endsAt = now + this.maxStreamMs * (0.9 + Math.random() * 0.1);
    const stream = new LiveStream(user, res, this.maxBuffered, lastEventId, now, endsAt);
    // A client gone while it was being authenticated: its 'close' has been and will not come again.
    if (res.destroyed || res.closed) {
      stream.closed = true;
      return stream;
    }
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(stream);
    this.count += 1;
    res.once('close', () => this.remove(stream));
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
    if (lastEventId) await stream.catchUp(this.options.since);
    return stream;
  }

  private remove(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    const set = this.byUser.get(stream.user.id);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.user.id);
    this.count -= 1;
    this.emit('closed', stream);
    if (this.count === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      for (const resolve of this.idleWaiters) resolve();
      this.idleWaiters.clear();
    }
  }

  /** Resolves when no stream is open. */
  whenIdle(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  private beat(): void {
    const now = Date.now();
    for (const set of this.byUser.values()) {
      for (const stream of set) {
        if (now >= stream.endsAt) stream.end();
        else stream.write(': heartbeat\n\n');
      }
    }
  }

  deliver(recipients: ReadonlyArray<{ userId: string; id: string | null }>, event: LiveEvent): void {
    for (const { userId, id } of recipients) {
      const set = this.byUser.get(userId);
      if (set) for (const stream of set) stream.send(id, event);
    }
  }

  /** Every stream reads what was recorded while this server could not hear the others. */
  resume(): void {
    for (const set of this.byUser.values()) for (const stream of set) void stream.catchUp(this.options.since).catch(() => stream.end());
  }

  /** Ends the streams of sessions that ended (logout, new password), on this server. */
  endSessions(end: SessionEnd): void {
    for (const stream of [...(this.byUser.get(end.userId) ?? [])]) {
      const hash = stream.user.sessionHash;
      if (end.sessionHash !== undefined && hash !== end.sessionHash) continue;
      if (end.exceptSessionHash !== undefined && hash === end.exceptSessionHash) continue;
      stream.end();
    }
  }

  /** Shutdown: every stream ends now, so the server can close; clients reconnect elsewhere. */
  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const stream of [...set]) stream.end();
  }
}
