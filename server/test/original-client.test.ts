import type { Pin, SelfUser } from '@memory-map/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhoto } from './fixtures/images.ts';
import { createMemory, memoryForm } from './fixtures/memories.ts';
import { loadConfig } from '../src/config.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers.ts';

/**
 * The original client (docs/design.md §9) played call by call, as it reads the answers: served by
 * us (same origin: its GETs carry no Origin) and from its own origin listed in CORS_ORIGINS.
 */
const CLIENT = 'http://localhost:3001';
const STRANGER = 'https://elsewhere.example';
/** The address the client was told to call: its requests arrive with this Host. */
const API_HOST = 'memories.example:8080';

const AVATAR = '/media/default-avatar.svg';
const SIGNED = /^\/media\/[\w/.-]+\?exp=\d+&sig=[\w-]+$/;

let served: TestApp;
let foreign: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  served = await createTestApp();
  foreign = await createTestApp({ CORS_ORIGINS: `${CLIENT}/, https://other-client.example` });
  behindProxy = await createTestApp({ CORS_ORIGINS: CLIENT, PUBLIC_URL: 'https://memories.example.org/' });
});
afterAll(async () => {
  await Promise.all([served.close(), foreign.close(), behindProxy.close()]);
});

/** Headers of a call the client makes from its own origin (fetch/axios: Origin is always sent). */
const fromClient = (who: TestUser, origin = CLIENT) => ({ ...who.auth, origin, host: API_HOST });
/** The same call when we serve the client: same origin, no Origin on GET. */
const fromServed = (who: TestUser) => ({ ...who.auth, host: API_HOST });

const both = [
  ['served by us', () => served, fromServed],
  ['from its own origin', () => foreign, fromClient],
] as const;

describe.each(both)('the original client %s', (_name, app, headersOf) => {
  it('reads data.username and data.profilePicture of GET /api/get_user: the bare user object', async () => {
    const me = await app().register();
    const res = await app().app.inject({ url: '/api/get_user', headers: headersOf(me) });
    expect(res.statusCode).toBe(200);
    const data = res.json() as SelfUser;
    expect(data).not.toHaveProperty('user');
    expect(data).toEqual({
      _id: me.id,
      username: me.username,
      email: me.email,
      profilePicture: expect.stringMatching(/\/media\/default-avatar\.svg$/),
      friends: [],
      friendRequests: { sent: [], received: [] },
      firstName: null,
      lastName: null,
      createdAt: expect.any(String),
      // docs/design.md §18 adds it; the original client ignores fields it does not read.
      isAdmin: expect.any(Boolean),
    });
  });

  it('reads username, profilePicture and _id of GET /api/get_user/{id} (tagged friends, feed authors)', async () => {
    const me = await app().register();
    const other = await app().register();
    const res = await app().app.inject({ url: `/api/get_user/${other.id}`, headers: headersOf(me) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: other.id, username: other.username, profilePicture: expect.stringMatching(/\/media\/default-avatar\.svg$/) });
  });

  it('Edit Profile with only a new password: the username read from get_user is kept', async () => {
    const me = await app().register();
    const data = (await app().app.inject({ url: '/api/get_user', headers: headersOf(me) })).json() as SelfUser;
    // The form pre-fills the username it read and sends it back with the new password.
    const save = await app().app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: headersOf(me),
      payload: { newUsername: data.username, newPassword: 'another!2' },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().user.username).toBe(me.username);
    const after = await app().app.inject({ url: '/api/get_user', headers: headersOf(me) });
    expect(after.json().username).toBe(me.username);
    const login = (password: string) =>
      app().app.inject({ method: 'POST', url: '/api/profile/login', headers: { host: API_HOST }, payload: { username: me.username, password } });
    expect((await login('another!2')).statusCode).toBe(200);
    expect((await login(me.password)).statusCode).toBe(401);
  });

  it('GET /api/query_feed without limit answers the newest 200 of 250, the rest behind Link', async () => {
    const author = await app().register();
    const ids: string[] = [];
    // Written straight to the table: 250 through the API would meet the per-user create limit.
    const at = Date.parse('2024-01-01T00:00:00Z');
    for (let i = 0; i < 250; i++) ids.push(uuidv7(at + i * 1000));
    await app()
      .db.kysely.insertInto('pins')
      .values(
        ids.map((id, i) => ({
          id,
          author_id: author.id,
          title: `Memory ${i}`,
          description: 'A day to remember.',
          latitude: 51.5,
          longitude: -0.12,
          location_name: 'London',
          visibility: 1,
          created_at: new Date(at + i * 1000).toISOString(),
          updated_at: new Date(at + i * 1000).toISOString(),
        })),
      )
      .execute();
    const newestFirst = [...ids].reverse();

    const first = await app().app.inject({ url: '/api/query_feed', headers: headersOf(author) });
    expect(first.statusCode).toBe(200);
    expect((first.json() as Pin[]).map((p) => p.id)).toEqual(newestFirst.slice(0, 200));
    const link = first.headers.link as string;
    expect(link).toBe(`</api/query_feed?before=${newestFirst[199]}>; rel="next"`);

    const rest = await app().app.inject({ url: /^<([^>]+)>/.exec(link)![1]!, headers: headersOf(author) });
    expect((rest.json() as Pin[]).map((p) => p.id)).toEqual(newestFirst.slice(200));
    expect(rest.headers.link).toBeUndefined();

    // Our own web app asks for its page size and keeps it.
    const paged = await app().app.inject({ url: '/api/query_feed?limit=20', headers: headersOf(author) });
    expect(paged.json()).toHaveLength(20);
    expect(paged.headers.link).toBe(`</api/query_feed?limit=20&before=${newestFirst[19]}>; rel="next"`);
  });

  it('edits a memory for a circle (our web app made it) as it knows it: it sees \'2\', and its update keeps the circle', async () => {
    const t = app();
    const [author, member, outside] = [await t.register(), await t.register(), await t.register()];
    await t.befriend(author, member);
    await t.befriend(author, outside);
    const circle = await t.app.inject({ method: 'POST', url: '/api/circles', headers: author.auth, payload: { name: 'Family', memberIds: [member.id] } });
    const pin = await createMemory(t, author, { visibility: '2', circleId: (circle.json() as { id: string }).id });

    // Its edit form: the feed's pin, visibility '2', sent back without a circleId field.
    const mine = ((await t.app.inject({ url: '/api/query_feed', headers: headersOf(author) })).json() as Pin[]).find((p) => p.id === pin.id)!;
    expect(mine.visibility).toBe('2');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: headersOf(author),
      payload: memoryForm({ pinId: pin.id, title: 'Renamed by the old app', description: mine.description, visibility: mine.visibility, tags: '[]' }),
    });
    expect(put.statusCode).toBe(200);
    expect((put.json() as Pin).visibility).toBe('2');

    // The audience did not widen: the member sees the new title, the friend outside still nothing.
    const feedOf = async (who: TestUser) => ((await t.app.inject({ url: '/api/query_feed', headers: headersOf(who) })).json() as Pin[]).filter((p) => p.id === pin.id);
    expect((await feedOf(member)).map((p) => p.title)).toEqual(['Renamed by the old app']);
    expect(await feedOf(outside)).toEqual([]);
  });
});

/** The URL a page at `origin` puts in <img src>: absolute stays, relative resolves against that page. */
const imgSrc = (url: string, origin: string) => new URL(url, origin);

/** Fetches an image the way Chromium does for an <img> on another site: no Origin, no token. */
function loadAsImg(t: TestApp, src: URL, pageOrigin: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    url: src.pathname + src.search,
    headers: {
      host: src.host,
      referer: `${pageOrigin}/`,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'image',
    },
  });
}

async function uploadPicture(t: TestApp, who: TestUser, headers: Record<string, string>) {
  const form = new FormData();
  form.append('profilePicture', new Blob([new Uint8Array(await makePhoto({ gps: false }))], { type: 'image/jpeg' }), 'me.jpg');
  return t.app.inject({ method: 'POST', url: '/api/profile/upload-profile-picture', headers, payload: form });
}

describe('images for the original client on its own origin', () => {
  it('are absolute URLs of the address it called, and load in its <img>: no same-origin resource policy', async () => {
    const me = await foreign.register();
    const friend = await foreign.register();
    await foreign.befriend(me, friend);
    const base = `http://${API_HOST}`;

    const uploaded = await uploadPicture(foreign, me, fromClient(me));
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().profilePicture).toMatch(new RegExp(`^${base}/media/avatars/`));

    const created = await foreign.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: fromClient(me),
      payload: memoryForm(
        { title: 'Lake', description: 'Cold water', latitude: '46.2', longitude: '6.1', visibility: '3', tags: JSON.stringify([friend.id]) },
        await makePhoto(),
      ),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().imageUrl).toMatch(new RegExp(`^${base}/media/pins/`));

    const profile = (await foreign.app.inject({ url: '/api/get_user', headers: fromClient(me) })).json() as SelfUser;
    const feed = (await foreign.app.inject({ url: '/api/query_feed', headers: fromClient(friend) })).json() as Pin[];
    const map = (await foreign.app.inject({ url: '/api/query_map_pins', headers: fromClient(friend) })).json() as Pin[];
    const friends = (await foreign.app.inject({ url: '/api/query_friends', headers: fromClient(friend) })).json() as SelfUser[];
    const login = await foreign.app.inject({
      method: 'POST',
      url: '/api/profile/login',
      headers: { origin: CLIENT, host: API_HOST },
      payload: { username: friend.username, password: friend.password },
    });
    const pin = feed[0]!;
    expect(pin.id).toBe(created.json().id);
    expect(map.find((p) => p.id === pin.id)?.imageUrl).toBe(pin.imageUrl);
    const urls = [
      profile.profilePicture,
      pin.imageUrl!,
      pin.thumbnailUrl!,
      // Several photos (docs/design.md §12): every one's URLs are absolute too.
      pin.images[0]!.url,
      pin.images[0]!.thumbnailUrl,
      pin.authorPicture,
      pin.taggedFriends[0]!.profilePicture,
      friends[0]!.profilePicture,
      login.json().user.profilePicture,
    ];
    for (const url of urls) {
      expect(url.startsWith(`${base}/media/`), url).toBe(true);
      const image = await loadAsImg(foreign, imgSrc(url, CLIENT), CLIENT);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    expect(pin.taggedFriends[0]!.profilePicture).toBe(`${base}${AVATAR}`);
  });

  it('use PUBLIC_URL when it is set (the address behind a proxy)', async () => {
    const me = await behindProxy.register();
    const pin = await createMemory(behindProxy, me, {}, await makePhoto());
    const feed = (await behindProxy.app.inject({ url: '/api/query_feed', headers: fromClient(me) })).json() as Pin[];
    expect(feed[0]!.imageUrl).toBe(`https://memories.example.org${pin.imageUrl}`);
    expect(feed[0]!.authorPicture).toBe(`https://memories.example.org${AVATAR}`);
    const image = await loadAsImg(behindProxy, imgSrc(feed[0]!.imageUrl!, CLIENT), CLIENT);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('stay relative for our own pages, and text that only looks like an image path is left alone', async () => {
    const me = await foreign.register();
    const title = '/media/pins/not-a-link.jpg?exp=1&sig=abc';
    await createMemory(foreign, me, { title, description: AVATAR.slice(0, -1) }, await makePhoto());
    const own = (await foreign.app.inject({ url: '/api/query_feed?limit=1', headers: fromServed(me) })).json() as Pin[];
    expect(own[0]!.imageUrl).toMatch(SIGNED);
    expect(own[0]!.authorPicture).toBe(AVATAR);
    const theirs = (await foreign.app.inject({ url: '/api/query_feed?limit=1', headers: fromClient(me) })).json() as Pin[];
    expect(theirs[0]).toMatchObject({ title, description: AVATAR.slice(0, -1), imageUrl: `http://${API_HOST}${own[0]!.imageUrl}` });
  });

  it('from an origin not in CORS_ORIGINS stay relative (that page cannot read the answer anyway)', async () => {
    const me = await foreign.register();
    const res = await foreign.app.inject({ url: '/api/get_user', headers: fromClient(me, STRANGER) });
    expect(res.json().profilePicture).toBe(AVATAR);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('without CORS_ORIGINS, images keep the same-origin resource policy (no other front-end to serve)', async () => {
    const me = await served.register();
    const pin = await createMemory(served, me, {}, await makePhoto());
    expect(pin.imageUrl).toMatch(SIGNED);
    const image = await served.app.inject({ url: pin.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await served.app.inject({ url: AVATAR })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('CORS preflights', () => {
  const calls = [
    ['GET', '/api/get_user'],
    ['HEAD', '/api/get_user'],
    ['POST', '/api/create'],
    ['PUT', '/api/update_user'],
    ['PUT', '/api/update_pin'],
    ['DELETE', '/api/delete'],
    ['DELETE', '/api/delete_friend'],
  ] as const;
  const preflight = (t: TestApp, method: string, url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, host: API_HOST, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    });

  it.each(calls)('allow %s %s from a listed origin, with credentials', async (method, url) => {
    for (const origin of [CLIENT, 'https://other-client.example']) {
      const res = await preflight(foreign, method, url, origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']);
      expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type');
      expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
    }
  });

  it.each(calls)('grant nothing for %s %s to an origin not listed, or without CORS_ORIGINS', async (method, url) => {
    for (const [t, origin] of [
      [foreign, STRANGER],
      [foreign, 'http://localhost:3002'],
      [served, CLIENT],
    ] as const) {
      const res = await preflight(t, method, url, origin);
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('the calls themselves answer a listed origin with its grant and expose Link; others get none', async () => {
    const author = await foreign.register();
    const pin = await createMemory(foreign, author);
    const put = await foreign.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: fromClient(author),
      payload: memoryForm({ pinId: pin.id, title: 'Renamed', description: 'Still here', visibility: '1' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(put.headers['access-control-allow-credentials']).toBe('true');
    const feed = await foreign.app.inject({ url: '/api/query_feed?limit=1', headers: fromClient(author) });
    expect(String(feed.headers['access-control-expose-headers'])).toMatch(/\bLink\b/);
    const other = await foreign.app.inject({ url: '/api/query_feed?limit=1', headers: fromClient(author, STRANGER) });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    expect(other.headers['access-control-expose-headers']).toBeUndefined();
  });
});

describe('CORS_ORIGINS', () => {
  it('refuses an entry that is not an origin, naming it; keeps origins as browsers send them', () => {
    for (const bad of ['*', 'localhost:3001', 'https://app.example/path', 'ftp://files.example']) {
      expect(() => loadConfig({ DATA_DIR: '/nonexistent', CORS_ORIGINS: `${CLIENT},${bad}` })).toThrow(
        `CORS_ORIGINS: "${bad}" is not an origin such as https://app.example.com`,
      );
    }
    expect(loadConfig({ DATA_DIR: served.config.dataDir, CORS_ORIGINS: ` ${CLIENT}/ ,https://b.example:8443` }).corsOrigins).toEqual([CLIENT, 'https://b.example:8443']);
  });
});
