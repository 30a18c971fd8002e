import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** Path and query, e.g. '/api/query_all_users?limit=50&q=bo'. */
  url: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Promise<never>;
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/** A promise that never settles: the request stays in flight (loading states). */
export const NEVER: Promise<never> = new Promise(() => {});

/**
 * Stubs fetch with routes keyed 'METHOD /path' (query ignored). A route is a reply, a function of
 * the call, or a list of replies used in turn (the last one repeats). Unknown routes answer 404.
 * `rejectNetwork` as a reply makes fetch itself fail, as when offline.
 */
export function mockApi(routes: Record<string, Route | Route[]>) {
  const calls: RecordedCall[] = [];
  const counters: Record<string, number> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const call: RecordedCall = { method, url: url.pathname + url.search, path: url.pathname, body, headers };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const entry = routes[key];
    let route: Route | undefined;
    if (Array.isArray(entry)) {
      const i = counters[key] ?? 0;
      counters[key] = i + 1;
      route = entry[Math.min(i, entry.length - 1)];
    } else {
      route = entry;
    }
    if (route === undefined) return new Response(JSON.stringify({ error: `No mock for ${key}` }), { status: 404 });
    const reply = await (typeof route === 'function' ? route(call) : route);
    if (reply === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    const { status = 200, body: out, headers: outHeaders = {} } = reply as Exclude<Reply, Promise<never>>;
    return new Response(out === undefined ? (status === 204 ? null : '') : JSON.stringify(out), {
      status,
      headers: { 'content-type': 'application/json', ...outHeaders },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}

/** Use as a reply to make fetch fail like a dropped connection. */
export const NETWORK_DOWN = { status: -1 } as const;

/** Puts a session in localStorage the way login does (docs/product.md §3). */
export function signedIn(user: Record<string, unknown> = {}, token = 'test-token') {
  const full = {
    _id: 'me',
    username: 'me',
    email: 'me@example.test',
    profilePicture: '/media/default-avatar.svg',
    friends: [],
    friendRequests: { sent: [], received: [] },
    firstName: null,
    lastName: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...user,
  };
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(full));
  return full;
}

/** A controllable IntersectionObserver: `intersectAll()` reports every observed element as visible. */
export function stubIntersectionObserver() {
  const observers = new Set<{ cb: IntersectionObserverCallback; els: Set<Element> }>();
  class FakeIO {
    private entry = { cb: (() => {}) as IntersectionObserverCallback, els: new Set<Element>() };
    constructor(cb: IntersectionObserverCallback) {
      this.entry.cb = cb;
      observers.add(this.entry);
    }
    observe(el: Element) {
      this.entry.els.add(el);
    }
    unobserve(el: Element) {
      this.entry.els.delete(el);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIO);
  return {
    intersectAll() {
      for (const o of [...observers]) {
        const entries = [...o.els].map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
        if (entries.length) o.cb(entries, {} as IntersectionObserver);
      }
    },
    get count() {
      return observers.size;
    },
  };
}
