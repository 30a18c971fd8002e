import type { MapResponse, Pin } from '@memory-map/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { verifyMediaUrl } from '../media/media-urls.ts';

/**
 * What the read cache (docs/decisions/080-read-cache.md) must never do: show a memory to someone
 * the audience rule now excludes, on the server that took the write or on another one, or hand
 * out an image URL past its signature's expiry. Two app servers with their own caches share one
 * database, as two machines behind a load balancer would.
 */

let a: TestApp;
let b: TestApp;
let photo: Buffer;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { db: a.db });
  photo = await makePhoto();
});
afterAll(async () => {
  await b.close();
  await a.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A new spot in the city viewport for each memory, far enough apart at zoom 15 not to merge. */
let spots = 0;
function spot(): { latitude: string; longitude: string } {
  spots += 1;
  return { latitude: (48.845 + (spots % 10) * 0.0025).toFixed(4), longitude: (2.31 + (Math.floor(spots / 10) % 10) * 0.008).toFixed(4) };
}
const CITY = '/api/query_map_pins?bbox=2.30,48.84,2.40,48.87&zoom=15';

async function feedIds(t: TestApp, viewer: TestUser): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/query_feed?limit=20', headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as Pin[]).map((p) => p.id);
}

async function mapIds(t: TestApp, viewer: TestUser): Promise<string[]> {
  const res = await t.app.inject({ url: CITY, headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as MapResponse).items.flatMap((i) => (i.kind === 'pin' ? [i.pin.id] : []));
}

/** Reads on both servers, so both hold the viewer's feed and map before the write. */
async function seenEverywhere(viewer: TestUser): Promise<string[][]> {
  return [await feedIds(a, viewer), await mapIds(a, viewer), await feedIds(b, viewer), await mapIds(b, viewer)];
}

describe('the read cache and who may see a memory', () => {
  it('unfriending takes a friend’s memory out of the cached feed and map on both servers at once', async () => {
    const [author, friend] = [await a.register(), await a.register()];
    await a.befriend(author, friend);
    const memory = await createMemory(a, author, { visibility: '2', ...spot() });
    for (const ids of await seenEverywhere(friend)) expect(ids).toContain(memory.id);

    const res = await a.app.inject({ method: 'DELETE', url: '/api/delete_friend', headers: author.auth, payload: { userId: friend.id } });
    expect(res.statusCode).toBe(200);
    for (const ids of await seenEverywhere(friend)) expect(ids).not.toContain(memory.id);
  });

  it('leaving a circle takes its memory out of the cached feed and map on both servers at once, and joining brings it back', async () => {
    const [author, member] = [await a.register(), await a.register()];
    await a.befriend(author, member);
    const made = await a.app.inject({ method: 'POST', url: '/api/circles', headers: author.auth, payload: { name: 'Family', memberIds: [member.id] } });
    const circleId = (made.json() as { id: string }).id;
    const memory = await createMemory(a, author, { visibility: '2', circleId, ...spot() });
    for (const ids of await seenEverywhere(member)) expect(ids).toContain(memory.id);

    const out = await b.app.inject({ method: 'PATCH', url: `/api/circles/${circleId}`, headers: author.auth, payload: { memberIds: [] } });
    expect(out.statusCode).toBe(200);
    for (const ids of await seenEverywhere(member)) expect(ids).not.toContain(memory.id);
    const back = await a.app.inject({ method: 'PATCH', url: `/api/circles/${circleId}`, headers: author.auth, payload: { memberIds: [member.id] } });
    expect(back.statusCode).toBe(200);
    for (const ids of await seenEverywhere(member)) expect(ids).toContain(memory.id);
  });

  it('renaming a circle shows the new name in its author\'s cached feed on both servers at once', async () => {
    const author = await a.register();
    const made = await a.app.inject({ method: 'POST', url: '/api/circles', headers: author.auth, payload: { name: 'Family' } });
    const circleId = (made.json() as { id: string }).id;
    const memory = await createMemory(a, author, { visibility: '2', circleId, ...spot() });
    const names = async () =>
      Promise.all([a, b].map(async (t) => ((await t.app.inject({ url: '/api/query_feed?limit=20', headers: author.auth })).json() as Pin[]).find((p) => p.id === memory.id)?.circle?.name));
    expect(await names()).toEqual(['Family', 'Family']);
    await b.app.inject({ method: 'PATCH', url: `/api/circles/${circleId}`, headers: author.auth, payload: { name: 'Kin' } });
    expect(await names()).toEqual(['Kin', 'Kin']);
  });

  it('a memory made private leaves everyone else’s cached feed and map on both servers at once', async () => {
    const [author, friend, stranger] = [await a.register(), await a.register(), await a.register()];
    await a.befriend(author, friend);
    const memory = await createMemory(a, author, { visibility: '3', ...spot() });
    for (const viewer of [friend, stranger]) for (const ids of await seenEverywhere(viewer)) expect(ids).toContain(memory.id);

    const res = await b.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: author.auth,
      payload: { pinId: memory.id, title: memory.title, description: memory.description, visibility: '1', tags: [] },
    });
    expect(res.statusCode).toBe(200);
    for (const viewer of [friend, stranger]) for (const ids of await seenEverywhere(viewer)) expect(ids).not.toContain(memory.id);
    for (const ids of await seenEverywhere(author)) expect(ids).toContain(memory.id);
  });

  it('a deleted account’s memories leave every cached feed and map on both servers at once', async () => {
    const [author, friend] = [await a.register(), await a.register()];
    await a.befriend(author, friend);
    const shared = await createMemory(a, author, { visibility: '2', ...spot() });
    const open = await createMemory(a, author, { visibility: '3', ...spot() });
    for (const ids of await seenEverywhere(friend)) expect(ids).toEqual(expect.arrayContaining([shared.id, open.id]));

    const res = await b.app.inject({ method: 'DELETE', url: '/api/account', headers: author.auth, payload: { password: author.password } });
    expect(res.statusCode).toBe(204);
    for (const ids of await seenEverywhere(friend)) {
      expect(ids).not.toContain(shared.id);
      expect(ids).not.toContain(open.id);
    }
  });

  it('a memory shows in a new friend’s cached feed and map on both servers as soon as they are friends', async () => {
    const [author, other] = [await a.register(), await a.register()];
    const memory = await createMemory(a, author, { visibility: '2', ...spot() });
    for (const ids of await seenEverywhere(other)) expect(ids).not.toContain(memory.id);

    expect((await a.app.inject({ method: 'POST', url: '/api/send_request', headers: other.auth, payload: { userId: author.id } })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/api/accept_request', headers: author.auth, payload: { userId: other.id } })).statusCode).toBe(200);
    for (const ids of await seenEverywhere(other)) expect(ids).toContain(memory.id);
  });

  it('never hands out an image URL past its expiry: a held page is signed again in the next window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:10Z'));
    const [author, viewer] = [await a.register(), await a.register()];
    await createMemory(a, author, { visibility: '3', ...spot() }, photo);
    const first = (await a.app.inject({ url: '/api/query_feed?limit=1', headers: viewer.auth })).json() as Pin[];
    const url = new URL(first[0]!.imageUrl!, 'http://x');

    // A day later the first URL has expired; nothing was written meanwhile.
    vi.setSystemTime(new Date('2030-01-02T00:00:10Z'));
    const key = url.pathname.replace(/^\/media\//, '');
    expect(verifyMediaUrl(a.config.secretKey, key, url.searchParams.get('exp') ?? '', url.searchParams.get('sig') ?? '')).toBe('expired');
    const later = (await a.app.inject({ url: '/api/query_feed?limit=1', headers: viewer.auth })).json() as Pin[];
    const again = new URL(later[0]!.imageUrl!, 'http://x');
    expect(verifyMediaUrl(a.config.secretKey, key, again.searchParams.get('exp') ?? '', again.searchParams.get('sig') ?? '')).toBe('ok');
  });
});
