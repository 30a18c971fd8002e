import type { LiveEvent } from '@memory-map/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents, SseParser, STALE_AFTER_MS, type LiveConnection } from './live-events.ts';

describe('SseParser', () => {
  it('reads frames split anywhere, with CRLF, comments, several data lines and retry', () => {
    const p = new SseParser();
    expect(p.push('retry: 3000\n: connected\n\nid: 1-0\nevent: mem')).toEqual([]);
    expect(p.push('ory\ndata: {"id":"a"}\r\n\r\n: heartbeat\n\nevent: x\ndata: 1\ndata: 2\n\n')).toEqual([
      { id: '1-0', event: 'memory', data: '{"id":"a"}' },
      { event: 'x', data: '1\n2' },
    ]);
  });
});

/** One response of the fake server: a stream the test writes to. */
interface FakeStream {
  headers: Record<string, string>;
  send(text: string): void;
  end(): void;
}

/** A fake `fetch` for /api/events: each call waits for the test to answer it. */
function fakeServer() {
  const calls: Array<{ headers: Record<string, string>; answer: (res: Response | Error) => void; signal: AbortSignal }> = [];
  let arrived: (() => void) | undefined;
  const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const signal = init!.signal!;
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      calls.push({ headers: init!.headers as Record<string, string>, signal, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
      arrived?.();
    });
  }) as unknown as typeof globalThis.fetch;

  let taken = 0;
  return {
    fetch,
    calls,
    /** The next request the client makes (in order; waits if it has not come yet). */
    async nextCall() {
      while (calls.length <= taken) await new Promise<void>((resolve) => (arrived = resolve));
      return calls[taken++]!;
    },
    /** Answers a request with an open stream. */
    open(call: (typeof calls)[number]): FakeStream {
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      call.signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      call.answer(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
      return { headers: call.headers, send: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() };
    },
  };
}

let connection: LiveConnection | undefined;
afterEach(() => connection?.close());

function connect(server: ReturnType<typeof fakeServer>, token: string | null = 'tok') {
  const events: LiveEvent[] = [];
  const opens: boolean[] = [];
  const onUnauthorized = vi.fn();
  let eventArrived: (() => void) | undefined;
  connection = connectLiveEvents({
    getToken: () => token,
    onEvent: (e) => {
      events.push(e);
      eventArrived?.();
    },
    onOpen: (resumed) => opens.push(resumed),
    onUnauthorized,
    fetch: server.fetch,
  });
  return {
    events,
    opens,
    onUnauthorized,
    async nextEvent(): Promise<LiveEvent> {
      while (events.length === 0) await new Promise<void>((resolve) => (eventArrived = resolve));
      return events.shift()!;
    },
  };
}

describe('connectLiveEvents', () => {
  it('sends the token, delivers known events, and reconnects with Last-Event-ID when the stream ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = fakeServer();
    const client = connect(server);
    const first = server.open(await server.nextCall());
    expect(first.headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(first.headers['last-event-id']).toBeUndefined();

    first.send('id: 5-0\nevent: memory\ndata: {"id":"m1"}\n\n');
    expect(await client.nextEvent()).toEqual({ kind: 'memory', data: { id: 'm1' } });
    expect(client.opens).toEqual([false]);
    // A kind this version does not know, and a known kind with bad data, are skipped.
    first.send('id: 6-0\nevent: future-thing\ndata: {}\n\nevent: memory\ndata: {"nope":1}\n\nid: 7-0\nevent: friend-removed\ndata: {"userId":"u2"}\n\n');
    expect(await client.nextEvent()).toEqual({ kind: 'friend-removed', data: { userId: 'u2' } });

    first.end();
    const retry = server.nextCall();
    await vi.advanceTimersByTimeAsync(1000);
    const second = server.open(await retry);
    expect(second.headers['last-event-id']).toBe('7-0');
    second.send('event: memory\ndata: {"id":"m2"}\n\n');
    expect(await client.nextEvent()).toEqual({ kind: 'memory', data: { id: 'm2' } });
    expect(client.opens).toEqual([false, true]);
  });

  it('delivers every event that came before the schema had loaded, in the order they came', async () => {
    // A fresh module graph, so the schema's module (loaded with the first event) is not loaded yet.
    vi.resetModules();
    const fresh = await import('./live-events.ts');
    const server = fakeServer();
    const events: LiveEvent[] = [];
    let eventArrived: (() => void) | undefined;
    connection = fresh.connectLiveEvents({
      getToken: () => 'tok',
      onEvent: (e) => {
        events.push(e);
        eventArrived?.();
      },
      onUnauthorized: vi.fn(),
      fetch: server.fetch,
    });
    const stream = server.open(await server.nextCall());
    stream.send('event: memory\ndata: {"id":"a"}\n\nevent: memory-deleted\ndata: {"id":"b"}\n\n');
    stream.send('event: conversation\ndata: {"pinId":"c"}\n\n');
    while (events.length < 3) await new Promise<void>((resolve) => (eventArrived = resolve));
    expect(events).toEqual([
      { kind: 'memory', data: { id: 'a' } },
      { kind: 'memory-deleted', data: { id: 'b' } },
      { kind: 'conversation', data: { pinId: 'c' } },
    ]);
  });

  it('stops for good on 401 and tells the app the session ended', async () => {
    const server = fakeServer();
    const client = connect(server);
    (await server.nextCall()).answer(new Response('{"error":"Your session has ended"}', { status: 401 }));
    await vi.waitFor(() => expect(client.onUnauthorized).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('online'));
    expect(server.calls).toHaveLength(1);
  });

  it('waits as long as a 429 says, and retries a failed request with a growing delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = fakeServer();
    connect(server);
    (await server.nextCall()).answer(new Response('{}', { status: 429, headers: { 'retry-after': '30' } }));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.calls).toHaveLength(1);
    const next = server.nextCall();
    await vi.advanceTimersByTimeAsync(1_000);
    (await next).answer(new TypeError('network down'));
    // First retry within 1 s, the next within 2 s.
    const third = server.nextCall();
    await vi.advanceTimersByTimeAsync(1_000);
    (await third).answer(new Response('bad gateway', { status: 502 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(3);
    const fourth = server.nextCall();
    await vi.advanceTimersByTimeAsync(1_001);
    await fourth;
    expect(server.calls).toHaveLength(4);
  });

  it('reconnects at once when the browser is back online, and when a quiet stream is shown again after a sleep', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const server = fakeServer();
    connect(server);
    const first = server.open(await server.nextCall());
    first.send(': connected\n\n');

    const afterOnline = server.nextCall();
    window.dispatchEvent(new Event('online'));
    server.open(await afterOnline);
    expect(server.calls).toHaveLength(2);

    // Nothing for longer than two heartbeats (a laptop asleep): the watchdog opens a new stream.
    const afterSleep = server.nextCall();
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS + 25_000);
    await afterSleep;
    expect(server.calls).toHaveLength(3);
  });

  it('close() ends the stream and nothing reconnects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = fakeServer();
    connect(server);
    const call = await server.nextCall();
    server.open(call);
    connection!.close();
    expect(call.signal.aborted).toBe(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.calls).toHaveLength(1);
  });

  it('does not connect without a token', async () => {
    const server = fakeServer();
    connect(server, null);
    window.dispatchEvent(new Event('online'));
    expect(server.calls).toHaveLength(0);
  });
});
