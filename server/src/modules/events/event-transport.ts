import { LIVE_EVENTS, type LiveEvent } from '@memory-map/shared';
import { compareEventIds, formatEventId, type EventId } from './event-ids.ts';

/** An event as one user's log keeps it. */
export interface StoredEvent {
  id: string;
  event: LiveEvent;
}

/** Ends live streams of a user: one session's (logout), or all but one (a new password). */
export interface SessionEnd {
  userId: string;
  sessionHash?: string;
  exceptSessionHash?: string;
}

/** What another app server published, as this server's streams need it. */
export interface RemoteListener {
  deliver(recipients: ReadonlyArray<{ userId: string; id: string }>, event: LiveEvent): void;
  endSessions(end: SessionEnd): void;
  /** The link to the other servers is back after a loss: what was recorded meanwhile can be read. */
  resumed(): void;
}

/**
 * How events are recorded (per-user logs, for ids and Last-Event-ID) and carried to the other app
 * servers: in process without Redis, through Redis with it (redis-transport.ts).
 */
export interface EventTransport {
  /**
   * Records the event in each user's log and hands it to the other app servers. Answers each
   * user's event id, or null where it could not be recorded (Redis down): the event is then
   * delivered on this server only, without an id.
   */
  publish(userIds: readonly string[], event: LiveEvent): Promise<Array<string | null>>;
  /** Tells every app server to end these streams. */
  endSessions(end: SessionEnd): Promise<void>;
  /** The user's events after `afterId`, oldest first, within the replay window. */
  since(userId: string, afterId: string): Promise<StoredEvent[]>;
  listen(listener: RemoteListener): void;
  /** Resolves once events of the other app servers reach this one (at once without Redis). */
  whenConnected(): Promise<void>;
  close(): Promise<void>;
}

interface LogEntry extends StoredEvent {
  at: EventId;
}

/**
 * One process: every stream is on this server, so publishing is recording. Each user's log is
 * bounded by LIVE_EVENTS.replayPerUser and the replay window; logs of users who have heard
 * nothing for a window are swept.
 */
export class MemoryTransport implements EventTransport {
  private readonly logs = new Map<string, LogEntry[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly windowMs = LIVE_EVENTS.replaySeconds * 1000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), this.windowMs);
    this.sweeper.unref();
  }

  /** Users with a log: what the sweep keeps bounded. */
  get size(): number {
    return this.logs.size;
  }

  async publish(userIds: readonly string[], event: LiveEvent): Promise<Array<string | null>> {
    const now = this.now();
    return userIds.map((userId) => {
      let log = this.logs.get(userId);
      if (!log) this.logs.set(userId, (log = []));
      const last = log.at(-1)?.at;
      // Ids of one user only grow, even when the clock does not.
      const at: EventId = last && last.ms >= now ? { ms: last.ms, seq: last.seq + 1 } : { ms: now, seq: 0 };
      const id = formatEventId(at);
      log.push({ id, at, event });
      if (log.length > LIVE_EVENTS.replayPerUser) log.splice(0, log.length - LIVE_EVENTS.replayPerUser);
      return id;
    });
  }

  async endSessions(): Promise<void> {
    // Every stream is on this server; the caller has ended them here.
  }

  async since(userId: string, afterId: string): Promise<StoredEvent[]> {
    const oldest = this.now() - this.windowMs;
    const log = this.logs.get(userId) ?? [];
    return log.filter((e) => e.at.ms >= oldest && compareEventIds(e.id, afterId) > 0).map(({ id, event }) => ({ id, event }));
  }

  listen(): void {
    // Nothing else publishes.
  }

  async whenConnected(): Promise<void> {
    // Nothing to connect to.
  }

  private sweep(): void {
    const oldest = this.now() - this.windowMs;
    for (const [userId, log] of this.logs) {
      if ((log.at(-1)?.at.ms ?? 0) < oldest) this.logs.delete(userId);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.logs.clear();
  }
}
