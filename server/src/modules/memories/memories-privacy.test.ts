import type { Pin } from '@memory-map/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, memoryForm } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { MEDIA_URL_MIN_LIFETIME_SECONDS, MEDIA_URL_WINDOW_SECONDS } from '../media/media-urls.ts';

/**
 * docs/design.md §6: who sees what. Each test file gets its own database, so every list here holds
 * exactly the memories made in this file.
 */
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await makePhoto({ width: 80, height: 60 });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Viewer = 'author' | 'friend' | 'stranger' | 'anonymous';
type Vis = '1' | '2' | '3';

const headersOf = (user: TestUser | null) => user?.auth ?? {};

/** `q`: what the search asks for (every memory of the matrix is titled 'vis N'). */
async function visibleIds(user: TestUser | null, endpoint: 'map' | 'feed' | 'search', q = 'vis'): Promise<{ status: number; pins: Pin[] }> {
  const url = { map: '/api/query_map_pins', feed: '/api/query_feed?limit=100', search: `/api/search?q=${q}&limit=100` }[endpoint];
  const res = await t.app.inject({ url, headers: headersOf(user) });
  return { status: res.statusCode, pins: res.statusCode === 200 ? (res.json() as Pin[]) : [] };
}

describe('authorization matrix: visibility × viewer × endpoint', () => {
  let users: Record<Exclude<Viewer, 'anonymous'>, TestUser>;
  const pins = {} as Record<Vis, Pin>;
  const userOf = (viewer: Viewer) => (viewer === 'anonymous' ? null : users[viewer]);

  beforeAll(async () => {
    users = { author: await t.register(), friend: await t.register(), stranger: await t.register() };
    await t.befriend(users.author, users.friend);
    for (const v of ['1', '2', '3'] as const) {
      pins[v] = await createMemory(t, users.author, { visibility: v, title: `vis ${v}`, tags: JSON.stringify([users.friend.id]) }, photo);
    }
  });

  // What docs/design.md §6 allows: true = the viewer sees the memory in lists.
  const sees: Record<Viewer, Record<Vis, boolean>> = {
    author: { '1': true, '2': true, '3': true },
    friend: { '1': false, '2': true, '3': true },
    stranger: { '1': false, '2': false, '3': true },
    anonymous: { '1': false, '2': false, '3': false },
  };
  // pinType as each viewer is told it (docs/product.md §4).
  const pinType: Record<Viewer, Record<Vis, string | null>> = {
    author: { '1': 'own', '2': 'own', '3': 'own' },
    friend: { '1': null, '2': 'friend', '3': 'public' },
    stranger: { '1': null, '2': null, '3': 'public' },
    anonymous: { '1': null, '2': null, '3': null },
  };
  // Changing or deleting: only the author; a pin you cannot see is 404, one you can see but do not own 403.
  const write: Record<Viewer, Record<Vis, number>> = {
    author: { '1': 200, '2': 200, '3': 200 },
    friend: { '1': 404, '2': 403, '3': 403 },
    stranger: { '1': 404, '2': 404, '3': 403 },
    anonymous: { '1': 401, '2': 401, '3': 401 },
  };

  const viewers: Viewer[] = ['author', 'friend', 'stranger', 'anonymous'];
  const cases = viewers.flatMap((viewer) => (['1', '2', '3'] as const).map((vis) => [viewer, vis] as const));

  it.each(cases)('map, feed and search: %s, visibility %s', async (viewer, vis) => {
    for (const endpoint of ['map', 'feed', 'search'] as const) {
      const { status, pins: listed } = await visibleIds(userOf(viewer), endpoint);
      expect(status).toBe(viewer === 'anonymous' ? 401 : 200);
      const found = listed.find((p) => p.id === pins[vis].id);
      expect(Boolean(found), `${endpoint}`).toBe(sees[viewer][vis]);
      if (found) {
        expect(found.pinType).toBe(pinType[viewer][vis]);
        expect(found.isOwnPin).toBe(viewer === 'author');
        // Whoever sees the memory gets a working image URL for it.
        const image = await t.app.inject({ url: found.imageUrl! });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
      }
    }
  });

  it.each(cases)('update_pin: %s, visibility %s', async (viewer, vis) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: headersOf(userOf(viewer)),
      payload: memoryForm({ pinId: pins[vis].id, title: `vis ${vis}`, description: `edited by ${viewer}`, visibility: vis, removeImage: 'true' }),
    });
    expect(res.statusCode).toBe(write[viewer][vis]);
    const [stored] = await t.db.kysely.selectFrom('pins').select(['description', 'photos']).where('id', '=', pins[vis].id).execute();
    if (write[viewer][vis] === 200) {
      expect(stored!.description).toBe(`edited by ${viewer}`);
      // Put the photo back for the tests that follow.
      const restored = await t.app.inject({
        method: 'PUT',
        url: '/api/update_pin',
        headers: users.author.auth,
        payload: memoryForm({ pinId: pins[vis].id, title: `vis ${vis}`, description: 'original', visibility: vis, tags: JSON.stringify([users.friend.id]) }, photo),
      });
      expect(restored.statusCode).toBe(200);
      pins[vis] = restored.json() as Pin;
    } else {
      expect(res.json().error).toBe(
        { 401: 'Please log in to continue', 403: 'Only the author can change this memory', 404: 'Memory not found' }[write[viewer][vis]],
      );
      expect(stored!.description).not.toBe(`edited by ${viewer}`);
      expect(stored!.photos).not.toBe('[]');
    }
  });

  it.each(cases.filter(([viewer]) => viewer !== 'author'))('delete: %s, visibility %s is refused', async (viewer, vis) => {
    for (const request of [
      { url: '/api/delete', payload: { pinId: pins[vis].id } },
      { url: `/api/delete?pinId=${pins[vis].id}` },
    ]) {
      const res = await t.app.inject({ method: 'DELETE', headers: headersOf(userOf(viewer)), ...request });
      expect(res.statusCode).toBe(write[viewer][vis]);
    }
    const still = await t.db.kysely.selectFrom('pins').select('id').where('id', '=', pins[vis].id).execute();
    expect(still).toHaveLength(1);
    expect((await t.app.inject({ url: pins[vis].imageUrl! })).statusCode).toBe(200);
  });

  it.each(cases)('GET of the image URL obtained by the author: %s, visibility %s', async (viewer, vis) => {
    // Signed URLs are capabilities (docs/design.md §6): a session adds nothing and none is needed,
    // so the viewer's token changes nothing. What keeps an image private is that only viewers
    // who may see the memory are ever handed a URL (the map/feed cases above) and that the URL
    // cannot be forged, stripped, moved to another image or used after it expires.
    const headers = headersOf(userOf(viewer));
    const url = pins[vis].imageUrl!;
    expect((await t.app.inject({ url, headers })).statusCode).toBe(200);

    const [path, query] = url.split('?') as [string, string];
    const sig = new URLSearchParams(query).get('sig')!;
    const exp = Number(new URLSearchParams(query).get('exp'));
    const otherKey = pins[vis === '1' ? '2' : '1'].imageUrl!.split('?')[0];
    const refused = [
      path,
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      `${path}?exp=${exp + MEDIA_URL_WINDOW_SECONDS}&sig=${sig}`,
      `${path}?exp=${exp}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`,
      `${otherKey}?exp=${exp}&sig=${sig}`,
      `${path.replace('.jpg', '-thumb.jpg')}?exp=${exp}&sig=${sig}`,
    ];
    for (const bad of refused) {
      const res = await t.app.inject({ url: bad, headers });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ error: 'This image link is not valid' });
    }

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp + 1) * 1000);
    const expired = await t.app.inject({ url, headers });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ error: 'This image link has expired. Reload the page to get a new one.' });
  });

  it('the author deletes each of their memories: 200, and the image is gone', async () => {
    for (const vis of ['1', '2', '3'] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: users.author.auth, payload: { pinId: pins[vis].id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await t.app.inject({ url: pins[vis].imageUrl! })).statusCode).toBe(404);
      for (const viewer of ['author', 'friend', 'stranger'] as const) {
        const { pins: listed } = await visibleIds(users[viewer], 'feed');
        expect(listed.some((p) => p.id === pins[vis].id)).toBe(false);
      }
    }
  });
});

describe('changes take effect on the next request', () => {
  it('unfriending hides friends-only memories from both sides at once, tags notwithstanding', async () => {
    const a = await t.register();
    const b = await t.register();
    await t.befriend(a, b);
    const aPin = await createMemory(t, a, { visibility: '2', tags: JSON.stringify([b.id]) }, photo);
    const bPin = await createMemory(t, b, { visibility: '2' });
    const aPublic = await createMemory(t, a, { visibility: '3' });
    expect((await visibleIds(b, 'feed')).pins.map((p) => p.id)).toContain(aPin.id);
    expect((await visibleIds(a, 'map')).pins.map((p) => p.id)).toContain(bPin.id);

    await t.db.kysely
      .deleteFrom('friendships')
      .where((eb) => eb.or([eb.and([eb('user_id', '=', a.id), eb('friend_id', '=', b.id)]), eb.and([eb('user_id', '=', b.id), eb('friend_id', '=', a.id)])]))
      .execute();

    for (const endpoint of ['map', 'feed', 'search'] as const) {
      const bSees = (await visibleIds(b, endpoint, 'picnic')).pins.map((p) => p.id);
      expect(bSees).not.toContain(aPin.id);
      expect(bSees).toContain(aPublic.id);
      expect(bSees).toContain(bPin.id);
      expect((await visibleIds(a, endpoint, 'picnic')).pins.map((p) => p.id)).not.toContain(bPin.id);
    }
    // The ex-friend cannot reach it to edit or delete either: to them it does not exist.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: b.auth,
      payload: memoryForm({ pinId: aPin.id, title: 'x', description: 'y', visibility: '3' }),
    });
    expect(edit.statusCode).toBe(404);
    // The author may still edit the memory with the ex-friend's old tag in it (the client sends
    // the tags back); the tag keeps widening nothing: the ex-friend still cannot see it.
    const resave = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: a.auth,
      payload: memoryForm({ pinId: aPin.id, title: 'x', description: 'y', visibility: '2', tags: JSON.stringify([b.id]) }),
    });
    expect(resave.statusCode).toBe(200);
    for (const endpoint of ['map', 'feed', 'search'] as const) {
      expect((await visibleIds(b, endpoint, 'x')).pins.map((p) => p.id)).not.toContain(aPin.id);
    }
    expect((await visibleIds(a, 'search', 'x')).pins.map((p) => p.id)).toContain(aPin.id);
  });

  it('a memory changed to private leaves the friend’s feed and map at once; their old image URL stops at its expiry', async () => {
    const a = await t.register();
    const b = await t.register();
    await t.befriend(a, b);
    const pin = await createMemory(t, a, { visibility: '2' }, photo);
    const seenByFriend = (await visibleIds(b, 'feed')).pins.find((p) => p.id === pin.id);
    expect(seenByFriend).toBeDefined();
    const friendsUrl = seenByFriend!.imageUrl!;

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: a.auth,
      payload: memoryForm({ pinId: pin.id, title: pin.title, description: pin.description, visibility: '1' }),
    });
    expect(res.statusCode).toBe(200);
    for (const endpoint of ['map', 'feed', 'search'] as const) {
      expect((await visibleIds(b, endpoint, 'picnic')).pins.map((p) => p.id)).not.toContain(pin.id);
      expect((await visibleIds(a, endpoint, 'picnic')).pins.map((p) => p.id)).toContain(pin.id);
    }

    // A URL already handed out keeps working until it expires, then never again.
    expect((await t.app.inject({ url: friendsUrl })).statusCode).toBe(200);
    const exp = Number(new URLSearchParams(friendsUrl.split('?')[1]).get('exp'));
    expect(exp * 1000 - Date.now()).toBeGreaterThanOrEqual((MEDIA_URL_MIN_LIFETIME_SECONDS - 5) * 1000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual((MEDIA_URL_MIN_LIFETIME_SECONDS + MEDIA_URL_WINDOW_SECONDS) * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000 + 1000);
    expect((await t.app.inject({ url: friendsUrl })).statusCode).toBe(403);
  });

  it('a memory changed to public appears for strangers at once', async () => {
    const a = await t.register();
    const stranger = await t.register();
    const pin = await createMemory(t, a, { visibility: '1' });
    expect((await visibleIds(stranger, 'feed')).pins.map((p) => p.id)).not.toContain(pin.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: a.auth,
      payload: memoryForm({ pinId: pin.id, title: pin.title, description: pin.description, visibility: '3' }),
    });
    const seen = (await visibleIds(stranger, 'feed')).pins.find((p) => p.id === pin.id);
    expect(seen).toMatchObject({ pinType: 'public', isOwnPin: false, authorName: a.username });
  });

  it('befriending shows friends-only memories on the next request', async () => {
    const a = await t.register();
    const b = await t.register();
    const pin = await createMemory(t, a, { visibility: '2' });
    expect((await visibleIds(b, 'map')).pins.map((p) => p.id)).not.toContain(pin.id);
    await t.befriend(a, b);
    expect((await visibleIds(b, 'map')).pins.find((p) => p.id === pin.id)?.pinType).toBe('friend');
  });
});

describe('tagging never widens the audience', () => {
  it('a tagged friend does not see a private memory; a friend of the tagged friend does not see a friends-only one', async () => {
    const author = await t.register();
    const tagged = await t.register();
    const friendOfTagged = await t.register();
    await t.befriend(author, tagged);
    await t.befriend(tagged, friendOfTagged);
    const secret = await createMemory(t, author, { visibility: '1', tags: JSON.stringify([tagged.id]) });
    const friendsOnly = await createMemory(t, author, { visibility: '2', tags: JSON.stringify([tagged.id]) });

    for (const endpoint of ['map', 'feed', 'search'] as const) {
      const taggedSees = (await visibleIds(tagged, endpoint, 'picnic')).pins.map((p) => p.id);
      expect(taggedSees).not.toContain(secret.id);
      expect(taggedSees).toContain(friendsOnly.id);
      const theirFriendSees = (await visibleIds(friendOfTagged, endpoint, 'picnic')).pins.map((p) => p.id);
      expect(theirFriendSees).not.toContain(secret.id);
      expect(theirFriendSees).not.toContain(friendsOnly.id);
    }
    // Being tagged gives no right to change or delete.
    const del = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: tagged.auth, payload: { pinId: secret.id } });
    expect(del.statusCode).toBe(404);
    const del2 = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: tagged.auth, payload: { pinId: friendsOnly.id } });
    expect(del2.statusCode).toBe(403);
  });

  it('bbox queries apply the same rule', async () => {
    const author = await t.register();
    const stranger = await t.register();
    const hidden = await createMemory(t, author, { visibility: '2', latitude: '-33.86', longitude: '151.21' });
    const shown = await createMemory(t, author, { visibility: '3', latitude: '-33.87', longitude: '151.2' });
    const res = await t.app.inject({ url: '/api/query_map_pins?bbox=150,-35,152,-33', headers: stranger.auth });
    const ids = (res.json() as Pin[]).map((p) => p.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
  });

  it('feed pages with a cursor apply the same rule', async () => {
    const author = await t.register();
    const stranger = await t.register();
    const made: Pin[] = [];
    for (let i = 0; i < 6; i++) made.push(await createMemory(t, author, { visibility: i % 2 === 0 ? '3' : '1' }));
    const res = await t.app.inject({ url: `/api/query_feed?before=${made[5]!.id}&limit=100`, headers: stranger.auth });
    const ids = (res.json() as Pin[]).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([made[4]!.id, made[2]!.id, made[0]!.id]));
    expect(ids).not.toContain(made[3]!.id);
    expect(ids).not.toContain(made[1]!.id);
    expect(ids).not.toContain(made[5]!.id);
  });
});
