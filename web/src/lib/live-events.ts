import { LIVE_EVENTS, type LiveEvent } from '@memory-map/shared';
import { createParser, type EventSourceParser } from 'eventsource-parser';

/**
 * The live event stream (`GET /api/events`, docs/design.md §10), read with fetch and the Bearer
 * token rather than EventSource (docs/decisions/060-live-events.md): the token is what the app
 * holds, a 401 ends the session like any other call, and a 429 or a 502 during a deploy is
 * retried with a backoff instead of ending the stream for good.
 */

export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

/**
 * Splits a Server-Sent Events byte stream into frames (comments and `retry:` are dropped). The
 * parsing is eventsource-parser's (docs/decisions/140-libraries.md); the stream around it stays
 * ours rather than the browser's EventSource or a client library, for the token, the 401 and the
 * backoff said above.
 */
export class SseParser {
  private frames: SseFrame[] = [];
  private readonly parser: EventSourceParser = createParser({
    onEvent: ({ id, event, data }) => this.frames.push({ ...(id !== undefined && { id }), ...(event !== undefined && { event }), data }),
  });

  push(text: string): SseFrame[] {
    this.parser.feed(text);
    const frames = this.frames;
    this.frames = [];
    return frames;
  }
}

export interface LiveEventsOptions {
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** Each time a stream opens; `resumed` after the first (the app may have missed something). */
  onOpen?: (resumed: boolean) => void;
  /** The server ended the session (401): nothing is retried. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** No byte for this long (two heartbeats and some) means the connection is dead: open another. */
export const STALE_AFTER_MS = (LIVE_EVENTS.heartbeatSeconds * 2 + 10) * 1000;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

export interface LiveConnection {
  close(): void;
}

/**
 * Keeps one stream open while the page lives: reconnects with Last-Event-ID after an error, a
 * server restart, a network change or a sleep, quietly and with a growing delay; at once when the
 * browser says it is back online or the page is shown again after the stream went quiet.
 */
export function connectLiveEvents(options: LiveEventsOptions): LiveConnection {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let closed = false;
  let lastEventId: string | null = null;
  let opened = 0;
  let attempt = 0;
  let lastByteAt = 0;
  /** Waiting to retry, asking, or reading an open stream. */
  let state: 'waiting' | 'connecting' | 'open' = 'waiting';
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setInterval> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), ms);
  };

  const backoff = () => {
    // 1 s, 2 s, 4 s … 30 s, with jitter so a restarted server is not met by every client at once.
    const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
    attempt += 1;
    schedule(base / 2 + Math.random() * (base / 2));
  };

  /** Ends the current stream (if any) and opens a new one now. */
  const reconnectNow = () => {
    if (closed) return;
    controller?.abort();
    attempt = 0;
    void connect();
  };

  async function connect(): Promise<void> {
    clearTimeout(retryTimer);
    if (closed) return;
    const token = options.getToken();
    if (!token) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // 'online' reconnects
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    state = 'connecting';
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let res: Response;
    try {
      res = await doFetch('/api/events', { headers, signal: mine.signal, cache: 'no-store', credentials: 'same-origin' });
    } catch {
      if (controller === mine && !closed) {
        state = 'waiting';
        backoff();
      }
      return;
    }
    if (controller !== mine) return;
    if (res.status === 401) {
      closed = true;
      options.onUnauthorized();
      return;
    }
    if (!res.ok || !res.body) {
      state = 'waiting';
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after'));
        schedule((Number.isFinite(wait) && wait > 0 ? wait : 30) * 1000);
      } else backoff();
      return;
    }
    lastByteAt = Date.now();
    options.onOpen?.(opened > 0);
    opened += 1;
    const parser = new SseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    state = 'open';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        lastByteAt = Date.now();
        // A healthy stream resets the delay of the next reconnect.
        attempt = 0;
        for (const frame of parser.push(value)) deliver(frame);
      }
    } catch {
      // Aborted or cut: reconnect below.
    }
    if (controller !== mine) return;
    state = 'waiting';
    if (!closed) backoff();
  }

  // Events are checked by the shared schema, whose module (and zod) loads with the first event
  // rather than with the stream, which opens on every signed-in screen; until it has come, events
  // wait in order behind it.
  let delivered: Promise<void> = Promise.resolve();
  function deliver(frame: SseFrame): void {
    if (frame.id) lastEventId = frame.id;
    if (!frame.event) return;
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      return;
    }
    const kind = frame.event;
    delivered = delivered
      .then(() => import('./live-event-check.ts'))
      .then(({ checkLiveEvent }) => {
        const event = checkLiveEvent({ kind, data });
        // Kinds this version does not know are skipped: a newer server may send more.
        if (event && !closed) options.onEvent(event);
      })
      .catch(() => {
        // The module could not be fetched (the service worker has the whole build after the first
        // visit, so only before that): the event is skipped like an unknown kind, and the next
        // one tries again.
      });
  }

  const stale = () => state === 'open' && Date.now() - lastByteAt > STALE_AFTER_MS;
  const onOnline = () => reconnectNow();
  // Back on the page (a phone unlocked, a laptop woken): a stream waiting to retry or gone quiet
  // is opened again now, not after its delay.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && (state === 'waiting' || stale())) reconnectNow();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', onVisible);
  // After a sleep, timers run late and a dead connection says nothing: the silence tells.
  watchdog = setInterval(() => {
    if (stale()) reconnectNow();
  }, LIVE_EVENTS.heartbeatSeconds * 1000);

  void connect();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(watchdog);
      watchdog = undefined;
      controller?.abort();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onVisible);
    },
  };
}
