import { APP_VERSION, type PlaceSearchResult, type ReverseResult } from '@memory-map/shared';
import { z } from 'zod';

/**
 * The optional upstream: a Nominatim-compatible geocoder (GEOCODER_URL) asked for street-level
 * detail. It never makes a request wait in line: at most one request per interval (Nominatim's
 * usage policy allows one a second), answers cached, a short timeout, and `undefined` — "use
 * the offline answer" — whenever it cannot answer at once.
 */

export interface NominatimOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Least time between two requests to the upstream. */
  minIntervalMs?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Told why a request failed, without the query or position. */
  onError?: (reason: string) => void;
}

const searchResponse = z.array(
  z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180), display_name: z.string() }),
);

const optionalText = z.string().optional().catch(undefined);
const reverseResponse = z.object({
  display_name: z.string(),
  address: z
    .object({
      road: optionalText,
      city: optionalText,
      town: optionalText,
      village: optionalText,
      state: optionalText,
      country: optionalText,
      country_code: optionalText,
    })
    .default({}),
});

/** A map kept in use order: the least recently used entry is dropped first. */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    if (hit.expires <= this.now()) return undefined;
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
  }

  get size(): number {
    return this.map.size;
  }
}

export class NominatimClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly minIntervalMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly onError: (reason: string) => void;
  private readonly searchCache: LruCache<PlaceSearchResult[]>;
  private readonly reverseCache: LruCache<ReverseResult>;
  private nextRequestAt = 0;

  constructor(options: NominatimOptions) {
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    const size = options.cacheSize ?? 1000;
    const ttl = options.cacheTtlMs ?? 24 * 60 * 60 * 1000;
    this.searchCache = new LruCache(size, ttl, this.now);
    this.reverseCache = new LruCache(size, ttl, this.now);
  }

  async search(query: string, limit: number): Promise<PlaceSearchResult[] | undefined> {
    const q = query.trim().replace(/\s+/g, ' ');
    const key = `${limit}\u0001${q.toLowerCase()}`;
    const cached = this.searchCache.get(key);
    if (cached) return cached;
    const body = await this.request('search', { q, format: 'jsonv2', limit: String(limit) });
    if (body === undefined) return undefined;
    const parsed = searchResponse.safeParse(body);
    if (!parsed.success) return this.fail('unexpected search response');
    const results = parsed.data.slice(0, limit).map(({ lat, lon, display_name }) => ({ lat, lon, display_name }));
    this.searchCache.set(key, results);
    return results;
  }

  async reverse(lat: number, lon: number): Promise<ReverseResult | undefined> {
    // Five decimals is about a metre: near-identical clicks share one cached answer.
    const rlat = lat.toFixed(5);
    const rlon = lon.toFixed(5);
    const key = `${rlat},${rlon}`;
    const cached = this.reverseCache.get(key);
    if (cached) return cached;
    const body = await this.request('reverse', { lat: rlat, lon: rlon, format: 'jsonv2', addressdetails: '1' });
    if (body === undefined) return undefined;
    // Nominatim answers {"error": "Unable to geocode"} at sea: not an answer, use ours.
    const parsed = reverseResponse.safeParse(body);
    if (!parsed.success) return undefined;
    const { display_name, address } = parsed.data;
    const result: ReverseResult = { display_name, address: Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined)) };
    this.reverseCache.set(key, result);
    return result;
  }

  private async request(path: string, params: Record<string, string>): Promise<unknown> {
    const now = this.now();
    // One request per interval; a request that would have to wait gets the offline answer instead.
    if (now < this.nextRequestAt) return undefined;
    this.nextRequestAt = now + this.minIntervalMs;
    const url = new URL(path, this.base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    try {
      const response = await this.fetch(url, {
        headers: { accept: 'application/json', 'user-agent': `memory-map/${APP_VERSION}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return this.fail(`status ${response.status}`);
      return (await response.json()) as unknown;
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      return this.fail(name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : name === 'SyntaxError' ? 'answer is not JSON' : 'unreachable');
    }
  }

  private fail(reason: string): undefined {
    this.onError(reason);
    return undefined;
  }
}
