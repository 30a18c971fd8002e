import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { createTestDb } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp;
let alice: TestUser;
let ip = 0;
/** Each test its own client address, so the per-address rate limit of one does not spill into another. */
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.register();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = alice.auth, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('GET /api/places/search', () => {
  it('needs a signed-in user', async () => {
    const res = await get('/api/places/search?q=paris', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue' });
  });

  it('answers [{lat, lon, display_name}], five by default, best first', async () => {
    const res = await get('/api/places/search?q=sao%20paulo');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(5);
    expect(body[0]).toEqual({ lat: expect.any(Number), lon: expect.any(Number), display_name: 'São Paulo, Brazil' });
    expect((await get('/api/places/search?q=san')).json()).toHaveLength(5);
  });

  it('takes a limit up to 10', async () => {
    expect((await get('/api/places/search?q=san&limit=10')).json()).toHaveLength(10);
    expect((await get('/api/places/search?q=san&limit=2')).json()).toHaveLength(2);
    const over = await get('/api/places/search?q=san&limit=11');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'limit must be at most 10' });
    expect((await get('/api/places/search?q=san&limit=two')).json()).toEqual({ error: 'limit must be a number' });
  });

  it('answers [] to a blank or missing query', async () => {
    for (const url of ['/api/places/search?q=', '/api/places/search?q=%20%20', '/api/places/search']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
    }
  });

  it('refuses a query longer than 200 characters', async () => {
    const res = await get(`/api/places/search?q=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Search text must be at most 200 characters' });
  });

  it('narrows by country', async () => {
    const body = (await get('/api/places/search?q=Paris%2C%20US')).json() as Array<{ display_name: string }>;
    expect(body.length).toBeGreaterThan(0);
    for (const r of body) expect(r.display_name).toMatch(/, United States$/);
  });
});

describe('GET /api/places/reverse', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/places/reverse?lat=48.57&lon=7.75', {})).statusCode).toBe(401);
  });

  it('names the place at a position', async () => {
    const res = await get('/api/places/reverse?lat=48.5734&lon=7.7521');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      display_name: 'Strasbourg, Grand Est, France',
      address: { city: 'Strasbourg', state: 'Grand Est', country: 'France', country_code: 'fr' },
    });
  });

  it('answers an empty address at sea', async () => {
    const res = await get('/api/places/reverse?lat=0&lon=-30');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ display_name: '', address: {} });
  });

  it.each([
    ['lat=91&lon=0', 'Latitude must be between -90 and 90'],
    ['lat=-90.5&lon=0', 'Latitude must be between -90 and 90'],
    ['lat=0&lon=180.1', 'Longitude must be between -180 and 180'],
    ['lat=0&lon=-181', 'Longitude must be between -180 and 180'],
    ['lat=abc&lon=0', 'Latitude must be a number'],
    ['lat=&lon=0', 'Latitude must be a number'],
    ['lat=0&lon=Infinity', 'Longitude must be a number'],
    ['lat=0x10&lon=0', 'Latitude must be a number'],
    ['lat=0&lon=0o17', 'Longitude must be a number'],
    ['lon=0', 'Latitude must be a number'],
    ['lat=0', 'Longitude must be a number'],
  ])('refuses %s with 400', async (query, error) => {
    const res = await get(`/api/places/reverse?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it('accepts the edges of the range', async () => {
    expect((await get('/api/places/reverse?lat=-90&lon=180')).statusCode).toBe(200);
    expect((await get('/api/places/reverse?lat=90&lon=-180')).statusCode).toBe(200);
    // How JavaScript writes a tiny number: still a decimal.
    expect((await get('/api/places/reverse?lat=1e-7&lon=+2.5')).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('lists both routes with their query parameters', async () => {
    const doc = (await get('/api/docs', {})).json() as { paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }> };
    const params = (path: string) => (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(params('/api/places/search')).toEqual(['q', 'limit']);
    expect(params('/api/places/reverse')).toEqual(['lat', 'lon']);
  });
});

describe('rate limit', () => {
  it('allows 60 place requests a minute from one address, then answers 429', async () => {
    const address = '10.99.0.1';
    for (let i = 0; i < 60; i++) {
      const res = await get(`/api/places/search?q=paris${i % 2 ? '' : '&limit=1'}`, alice.auth, address);
      expect(res.statusCode).toBe(200);
    }
    const res = await get('/api/places/reverse?lat=1&lon=1', alice.auth, address);
    expect((await get('/api/places/search?q=paris', alice.auth, address)).statusCode).toBe(429);
    // Each route counts for itself: reverse still had its own 60.
    expect(res.statusCode).toBe(200);
  });
});

describe('with GEOCODER_URL', () => {
  let upstream: Server;
  let u: TestApp;
  let user: TestUser;
  const asked: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      asked.push(req.url ?? '');
      const louvre = [{ lat: '48.8606', lon: '2.3376', display_name: 'Louvre, Rue de Rivoli, Paris, France' }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url?.includes('q=louvre') ? louvre : []));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    u = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    user = await u.register();
  });
  afterAll(async () => {
    await u.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('answers from the upstream geocoder when it knows the place, else from offline data', async () => {
    const first = await u.app.inject({ method: 'GET', url: '/api/places/search?q=louvre', headers: user.auth });
    expect(first.json()).toEqual([{ lat: 48.8606, lon: 2.3376, display_name: 'Louvre, Rue de Rivoli, Paris, France' }]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\/search\?q=louvre&format=jsonv2&limit=5$/);
    // The upstream finds nothing (or is not asked, within its one-a-second limit): ours answers.
    const second = await u.app.inject({ method: 'GET', url: '/api/places/search?q=strasbourg', headers: user.auth });
    expect((second.json() as Array<{ display_name: string }>)[0]?.display_name).toBe('Strasbourg, Grand Est, France');
  });
});

describe('privacy', () => {
  it('writes neither the search text nor the position to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-places-log-'));
    const db = await createTestDb();
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'trace' }),
      db,
      logger: { level: 'trace', stream },
      webDist: path.join(dataDir, 'no-web'),
    });
    try {
      const reg = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'logcheck', email: 'logcheck@example.test', password: 'secret!1', confirmPassword: 'secret!1' },
      });
      const auth = { authorization: `Bearer ${(reg.json() as { token: string }).token}` };
      const before = lines.length;
      await app.inject({ method: 'GET', url: '/api/places/search?q=Zanzibarstrasse', headers: auth });
      await app.inject({ method: 'GET', url: '/api/places/reverse?lat=48.57341&lon=7.75211', headers: auth });
      await app.inject({ method: 'GET', url: '/api/places/reverse?lat=97.12345&lon=7.75211', headers: auth });
      const logged = lines.slice(before).join('');
      // The check is only meaningful if the app logs requests at all (it does elsewhere).
      expect(lines.slice(0, before).join('')).toContain('/api/register');
      expect(logged).not.toMatch(/Zanzibar|48\.57341|7\.75211|97\.12345/);
    } finally {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
