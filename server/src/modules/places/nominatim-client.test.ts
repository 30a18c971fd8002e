import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LruCache, NominatimClient } from './nominatim-client.ts';
import { createPlacesService } from './places.service.ts';

/** A stand-in Nominatim on 127.0.0.1: tests never touch the network. */
interface FakeReply {
  status?: number;
  body?: unknown;
  delayMs?: number;
}
let server: Server;
let baseUrl: string;
let requests: Array<{ url: URL; headers: IncomingMessage['headers'] }> = [];
let reply: (url: URL) => FakeReply = () => ({ body: [] });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ url, headers: req.headers });
    const { status = 200, body = [], delayMs = 0 } = reply(url);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  reply = () => ({ body: [] });
});

/** A clock the test moves by hand, so the one-request-per-second rule is tested without waiting. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const PARIS = { lat: '48.8588897', lon: '2.3200410', display_name: 'Paris, Île-de-France, France métropolitaine, France', importance: 0.9 };

describe('NominatimClient', () => {
  it('asks /search with the query and format, identifies itself, and turns text coordinates into numbers', async () => {
    reply = () => ({ body: [PARIS] });
    const client = new NominatimClient({ baseUrl });
    expect(await client.search('  Paris  ', 5)).toEqual([{ lat: 48.8588897, lon: 2.320041, display_name: PARIS.display_name }]);
    expect(requests).toHaveLength(1);
    const { url, headers } = requests[0]!;
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Paris', format: 'jsonv2', limit: '5' });
    expect(headers['user-agent']).toMatch(/^memory-map\/\d/);
  });

  it('asks /reverse with the position rounded to five decimals and keeps only the address fields we use', async () => {
    reply = () => ({
      body: {
        display_name: '1 Rue de Rivoli, Paris, France',
        address: { house_number: '1', road: 'Rue de Rivoli', city: 'Paris', postcode: '75001', country: 'France', country_code: 'fr' },
      },
    });
    const client = new NominatimClient({ baseUrl });
    expect(await client.reverse(48.856613123, 2.352222987)).toEqual({
      display_name: '1 Rue de Rivoli, Paris, France',
      address: { road: 'Rue de Rivoli', city: 'Paris', country: 'France', country_code: 'fr' },
    });
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ lat: '48.85661', lon: '2.35222', format: 'jsonv2', addressdetails: '1' });
  });

  it('answers a repeated question from its cache', async () => {
    reply = () => ({ body: [PARIS] });
    const c = clock();
    const client = new NominatimClient({ baseUrl, now: c.now });
    await client.search('Paris', 5);
    c.advance(5000);
    expect(await client.search('paris', 5)).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it('sends at most one request a second and gives no answer (offline) instead of waiting', async () => {
    reply = () => ({ body: [PARIS] });
    const c = clock();
    const client = new NominatimClient({ baseUrl, now: c.now });
    expect(await client.search('Paris', 5)).toHaveLength(1);
    c.advance(500);
    expect(await client.search('Lyon', 5)).toBeUndefined();
    expect(requests).toHaveLength(1);
    c.advance(500);
    expect(await client.search('Lyon', 5)).toHaveLength(1);
    expect(requests).toHaveLength(2);
  });

  it('gives up after the timeout and says why without the query', async () => {
    reply = () => ({ body: [PARIS], delayMs: 1000 });
    const reasons: string[] = [];
    const client = new NominatimClient({ baseUrl, timeoutMs: 50, onError: (r) => reasons.push(r) });
    const started = Date.now();
    expect(await client.search('Secret Street 1', 5)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(900);
    expect(reasons).toEqual(['timed out']);
  });

  it.each([
    ['a server error', { status: 503, body: { error: 'busy' } }, 'status 503'],
    ['a body that is not JSON', { body: '<html>' }, 'answer is not JSON'],
    ['an unexpected shape', { body: { results: [] } }, 'unexpected search response'],
  ])('gives no answer on %s', async (_label, fake, reason) => {
    reply = () => fake;
    const reasons: string[] = [];
    const client = new NominatimClient({ baseUrl, onError: (r) => reasons.push(r) });
    expect(await client.search('Paris', 5)).toBeUndefined();
    expect(reasons).toEqual([reason]);
  });

  it('gives no answer when nothing listens at the address', async () => {
    const client = new NominatimClient({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 500 });
    expect(await client.reverse(1, 2)).toBeUndefined();
  });

  it("treats Nominatim's 'Unable to geocode' as no answer", async () => {
    reply = () => ({ body: { error: 'Unable to geocode' } });
    const client = new NominatimClient({ baseUrl });
    expect(await client.reverse(0, -30)).toBeUndefined();
  });
});

describe('createPlacesService with an upstream', () => {
  it('uses the upstream answer when there is one', async () => {
    reply = () => ({ body: [PARIS] });
    const service = createPlacesService({ upstream: new NominatimClient({ baseUrl }) });
    expect(await service.search('paris')).toEqual([{ lat: 48.8588897, lon: 2.320041, display_name: PARIS.display_name }]);
  });

  it('falls back to the offline gazetteer when the upstream fails, and never asks it about a blank query', async () => {
    reply = () => ({ status: 500 });
    // A stopped clock: loading the gazetteer on the first search may take over a second.
    const service = createPlacesService({ upstream: new NominatimClient({ baseUrl, now: clock().now }) });
    expect((await service.search('strasbourg'))[0]?.display_name).toBe('Strasbourg, Grand Est, France');
    expect((await service.reverse(48.5734, 7.7521)).address.city).toBe('Strasbourg');
    expect(requests).toHaveLength(1); // the reverse came within the second: offline, unasked
    expect(await service.search('  ')).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('LruCache', () => {
  it('drops the least recently used entry when full, and entries past their age', () => {
    const c = clock();
    const cache = new LruCache<number>(2, 1000, c.now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    c.advance(1001);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
