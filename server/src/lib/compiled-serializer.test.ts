import { errorSchema, mapResponseSchema, pinSchema, publicUserSchema, type Pin } from '@memory-map/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.ts';
import { makePhoto } from '../../test/fixtures/images.ts';
import { createMemory } from '../../test/fixtures/memories.ts';
import { compiledSerializerCompiler, serializableJsonSchema } from './compiled-serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const compiled = (schema: z.ZodType) => compiledSerializerCompiler(route(schema));
const zod = (schema: z.ZodType) => zodSerializerCompiler(route(schema) as never) as (data: unknown) => string;

/** The hot routes' 200 schemas, as the routes declare them. */
const feedSchema = z.array(pinSchema);
const mapSchema = z.union([z.array(pinSchema), mapResponseSchema]);
const friendsSchema = z.array(publicUserSchema);

const pin = (over: Partial<Pin> & Record<string, unknown> = {}) => ({
  id: '0190f5a2-0000-7000-8000-000000000001',
  title: 'Quotes " and \\ and a line\nbreak, \u2028 and emoji 🦆',
  description: '</script><b>',
  latitude: -33.8688,
  longitude: 151.2093,
  locationName: 'Sydney, Australia',
  imageUrl: null,
  thumbnailUrl: null,
  images: [] as Pin['images'],
  visibility: '2' as const,
  author: 'alice',
  userId: 'u1',
  authorName: 'alice',
  authorPicture: '',
  tags: [],
  taggedFriends: [],
  pinType: 'friend' as const,
  isOwnPin: false,
  createdAt: '2024-02-29T23:59:59.999Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
  happenedAt: '2020-01-01',
  ...over,
});

describe('compiled serializer', () => {
  it('compiles the hot routes’ schemas itself (no fallback to the zod serializer)', () => {
    for (const schema of [feedSchema, mapSchema, friendsSchema, errorSchema]) expect(() => serializableJsonSchema(schema)).not.toThrow();
  });

  it.each([
    ['a page of pins: nulls, escapes, numbers', feedSchema, [pin(), pin({
        imageUrl: '/media/a.webp?s=1',
        thumbnailUrl: '/media/t.webp?s=1',
        images: [
          { id: 'p1', url: '/media/a.webp?s=1', thumbnailUrl: '/media/t.webp?s=1', displayUrl: '/media/d.webp?s=1', width: 2048, height: 1536 },
          { id: 'p2', url: '/media/b.webp?s=1', thumbnailUrl: '/media/u.webp?s=1', displayUrl: null, width: null, height: null },
        ],
        latitude: 0,
        longitude: -0.5,
      })]],
    ['fields the schema does not name are left out, as zod strips them', feedSchema, [pin({ author_id: 'secret', image_key: 'pins/x' })]],
    ['tagged friends never carry their e-mail', feedSchema, [pin({ tags: ['u2'], taggedFriends: [{ _id: 'u2', username: 'bob', profilePicture: '/p', email: 'bob@x.test' } as never] })]],
    ['an empty page', feedSchema, []],
    ['the map’s list without zoom', mapSchema, [pin({ pinType: 'public', visibility: '3' })]],
    [
      'the map’s view: pins and clusters, with and without expansionZoom',
      mapSchema,
      {
        items: [
          { kind: 'pin', pin: pin() },
          { kind: 'cluster', lat: 48.8566, lng: 2.3522, count: 12 },
          { kind: 'cluster', lat: -1.5, lng: 0, count: 3, expansionZoom: 9 },
        ],
        truncated: true,
      },
    ],
    ['an empty view', mapSchema, { items: [], truncated: false }],
    ['friends with and without e-mail', friendsSchema, [{ _id: 'a', username: 'ann', profilePicture: '', email: 'ann@x.test' }, { _id: 'b', username: 'ben', profilePicture: '/p.webp' }]],
    ['an error', errorSchema, { error: 'limit must be at most 100', code: 'hidden' }],
  ])('writes what the zod serializer wrote: %s', (_name, schema, data) => {
    expect(compiled(schema)(data)).toBe(zod(schema)(data));
  });

  it('still fails a response that lacks a required field, as zod did', () => {
    const { title: _title, ...noTitle } = pin();
    expect(() => compiled(feedSchema)([noTitle])).toThrow();
    expect(() => zod(feedSchema)([noTitle])).toThrow();
  });
});

describe('hot routes answer exactly what the zod serializer would have written', () => {
  let t: TestApp;
  let author: TestUser;
  let friend: TestUser;
  let stranger: TestUser;
  /** The value each handler returned, before serialization, by URL. */
  const payloads = new Map<string, unknown>();

  /** A second server on the same database, with the read cache (the first reads the database). */
  let cached: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      { READ_CACHE: 'off' },
      {
        configure: (app) =>
          app.addHook('preSerialization', async (request, _reply, payload) => {
            payloads.set(request.url, payload);
            return payload;
          }),
      },
    );
    author = await t.register();
    friend = await t.register();
    stranger = await t.register();
    await t.befriend(author, friend);
    await createMemory(t, author, { title: 'Ducks by the river', visibility: '3', happenedAt: '2019-05-04' }, await makePhoto());
    await createMemory(t, author, { title: 'Friends only ducks', visibility: '2', tags: JSON.stringify([friend.id]) });
    await createMemory(t, author, { title: 'Private ducks', visibility: '1', latitude: '-33.86', longitude: '151.2' });
    await createMemory(t, friend, { title: 'Bob’s ducks', visibility: '3', locationName: '' });
    cached = await createTestApp({}, { db: t.db });
  }, 60_000);
  afterAll(async () => {
    await cached.close();
    await t.close();
  });

  const urls = [
    ['/api/query_feed?limit=20', feedSchema],
    ['/api/query_feed', feedSchema],
    ['/api/query_map_pins', mapSchema],
    ['/api/query_map_pins?bbox=-1,51,1,52&zoom=13', mapSchema],
    ['/api/query_map_pins?bbox=-180,-85,180,85&zoom=2', mapSchema],
    ['/api/search?q=ducks', feedSchema],
    ['/api/query_friends', friendsSchema],
  ] as const;

  /**
   * The body as the serializer wrote it: each pin's conversation counts are written in after it,
   * at the start of the pin (conversation/pin-counts.ts), and are taken out here again; this
   * test is about the serializer.
   */
  const serialized = (body: string) => body.replace(/\{"commentCount":\d+,"reactions":\{"counts":\{[^}]*\},"mine":(?:null|"[^"]*")\},/g, '{');

  it('finds the counts this test takes out (every pin has them)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=20', headers: author.auth });
    const pins = JSON.parse(res.body) as Pin[];
    expect(pins.length).toBeGreaterThan(0);
    expect(serialized(res.body).match(/"commentCount"/g)).toBeNull();
    expect(res.body.match(/"commentCount"/g)).toHaveLength(pins.length);
  });

  it.each(['author', 'friend', 'stranger'] as const)('as the %s', async (who) => {
    const viewer = { author, friend, stranger }[who];
    for (const [url, schema] of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: viewer.auth });
      expect(res.statusCode, url).toBe(200);
      expect(payloads.has(url), url).toBe(true);
      expect(serialized(res.body), url).toBe(zod(schema)(payloads.get(url)));
    }
  });

  it.each(['author', 'friend', 'stranger'] as const)('as the %s, from the bytes the read cache holds', async (who) => {
    // The held feed pages and map answers are written once and sent as bytes, past the hook
    // above: each body must be exactly zod's output for what it says, asked twice (built, held).
    const viewer = { author, friend, stranger }[who];
    for (const [url, schema] of urls) {
      for (const round of [1, 2]) {
        const res = await cached.app.inject({ method: 'GET', url, headers: viewer.auth });
        expect(res.statusCode, `${url} #${round}`).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
        expect(serialized(res.body), `${url} #${round}`).toBe(zod(schema)(JSON.parse(serialized(res.body))));
      }
    }
  });

  it('answers a bad query with the same error body', async () => {
    const url = '/api/query_feed?limit=1000';
    const res = await t.app.inject({ method: 'GET', url, headers: author.auth });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(zod(errorSchema)(payloads.get(url)));
  });
});
