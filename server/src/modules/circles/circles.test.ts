import { CIRCLE_MESSAGES, LIMITS, type Circle, type Pin } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory, memoryForm } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { uuidv7 } from '../../lib/ids.ts';

/** Circles (docs/design.md §17): the API, and a circle memory's reach through every read. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function makeCircle(owner: TestUser, name: string, members: TestUser[]): Promise<Circle> {
  const res = await call(owner, 'POST', '/api/circles', { name, memberIds: members.map((m) => m.id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Circle;
}

async function feedIds(who: TestUser): Promise<string[]> {
  return ((await call(who, 'GET', '/api/query_feed')).json() as Pin[]).map((p) => p.id);
}

/** Author, two friends in the circle, a friend outside it, a stranger. */
async function family() {
  const [author, member, other, outside, stranger] = [await t.register(), await t.register(), await t.register(), await t.register(), await t.register()];
  for (const f of [member, other, outside]) await t.befriend(author, f);
  const circle = await makeCircle(author, 'Family', [member, other]);
  const pin = await createMemory(t, author, { visibility: '2', circleId: circle.id, title: 'Sunday lunch' });
  return { author, member, other, outside, stranger, circle, pin };
}

describe('the circles API', () => {
  it('makes, lists, renames, sets members and deletes your circles', async () => {
    const [me, ana, ben] = [await t.register(), await t.register(), await t.register()];
    await t.befriend(me, ana);
    await t.befriend(me, ben);
    const made = await makeCircle(me, '  Family ', [ana, ana]);
    expect(made).toEqual({ id: expect.any(String), name: 'Family', memberIds: [ana.id] });
    await makeCircle(me, 'Climbing', []);
    expect(((await call(me, 'GET', '/api/circles')).json() as Circle[]).map((c) => c.name)).toEqual(['Climbing', 'Family']);

    const renamed = await call(me, 'PATCH', `/api/circles/${made.id}`, { name: 'Home', memberIds: [ben.id] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: made.id, name: 'Home', memberIds: [ben.id] });

    const gone = await call(me, 'DELETE', `/api/circles/${made.id}`);
    expect(gone.statusCode).toBe(200);
    expect(((await call(me, 'GET', '/api/circles')).json() as Circle[]).map((c) => c.name)).toEqual(['Climbing']);
  });

  it('refuses members who are not friends, naming them, and saves nothing', async () => {
    const [me, friend, stranger] = [await t.register(), await t.register(), await t.register()];
    await t.befriend(me, friend);
    const res = await call(me, 'POST', '/api/circles', { name: 'Family', memberIds: [friend.id, stranger.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `${CIRCLE_MESSAGES.notFriends} ${stranger.username}` });
    expect((await call(me, 'GET', '/api/circles')).json()).toEqual([]);
    const circle = await makeCircle(me, 'Family', [friend]);
    const patch = await call(me, 'PATCH', `/api/circles/${circle.id}`, { name: 'Kin', memberIds: [stranger.id] });
    expect(patch.statusCode).toBe(400);
    expect((await call(me, 'GET', '/api/circles')).json()).toEqual([circle]);
  });

  it('answers 404 for someone else\'s circle, and for one that is not there', async () => {
    const [owner, other] = [await t.register(), await t.register()];
    const circle = await makeCircle(owner, 'Family', []);
    for (const [method, payload] of [['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const res = await call(other, method, `/api/circles/${circle.id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CIRCLE_MESSAGES.notFound });
    }
    expect((await call(other, 'PATCH', `/api/circles/${uuidv7()}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', '/api/circles/not-an-id')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/circles')).json()).toEqual([circle]);
  });

  it('keeps names 1–40 characters and unique per owner (any case), with clear messages', async () => {
    const [me, other] = [await t.register(), await t.register()];
    const blank = await call(me, 'POST', '/api/circles', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: CIRCLE_MESSAGES.nameRequired });
    const long = await call(me, 'POST', '/api/circles', { name: 'x'.repeat(LIMITS.circleNameMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: CIRCLE_MESSAGES.nameTooLong });
    await makeCircle(me, 'x'.repeat(LIMITS.circleNameMax), []);
    const first = await makeCircle(me, 'Family', []);
    const twin = await call(me, 'POST', '/api/circles', { name: 'FAMILY' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ error: CIRCLE_MESSAGES.nameTaken });
    const second = await makeCircle(me, 'Friends', []);
    expect((await call(me, 'PATCH', `/api/circles/${second.id}`, { name: 'family' })).statusCode).toBe(409);
    // Renaming a circle to its own name in another case is no clash; another owner may use it too.
    expect((await call(me, 'PATCH', `/api/circles/${first.id}`, { name: 'FAMILY' })).statusCode).toBe(200);
    await makeCircle(other, 'Family', []);
  });

  it('allows at most 50 circles per person and 500 members per circle', async () => {
    const me = await t.register();
    for (let i = 0; i < LIMITS.circlesPerUser; i++) await makeCircle(me, `Circle ${i}`, []);
    const more = await call(me, 'POST', '/api/circles', { name: 'One more' });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ error: CIRCLE_MESSAGES.tooManyCircles });
    const crowd = await call(me, 'PATCH', `/api/circles/${((await call(me, 'GET', '/api/circles')).json() as Circle[])[0]!.id}`, {
      memberIds: Array.from({ length: LIMITS.circleMembersMax + 1 }, () => uuidv7()),
    });
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json()).toEqual({ error: CIRCLE_MESSAGES.tooManyMembers });
  });

  it('takes a person out of every circle of the other when they stop being friends', async () => {
    const [a, b] = [await t.register(), await t.register()];
    await t.befriend(a, b);
    const ofA = await makeCircle(a, 'Family', [b]);
    const ofB = await makeCircle(b, 'Family', [a]);
    expect((await call(b, 'DELETE', '/api/delete_friend', { userId: a.id })).statusCode).toBe(200);
    expect((await call(a, 'GET', '/api/circles')).json()).toEqual([{ ...ofA, memberIds: [] }]);
    expect((await call(b, 'GET', '/api/circles')).json()).toEqual([{ ...ofB, memberIds: [] }]);
    // Friends again, they are not put back: the circle is the owner's to set.
    await t.befriend(a, b);
    expect((await call(a, 'GET', '/api/circles')).json()).toEqual([{ ...ofA, memberIds: [] }]);
  });
});

describe('a memory for a circle', () => {
  it('reaches the author and the members who are still friends, nobody else, and names the circle to its author only', async () => {
    const { author, member, other, outside, stranger, circle, pin } = await family();
    expect(pin.visibility).toBe('2');
    expect(pin.circle).toEqual({ id: circle.id, name: 'Family' });
    expect(await feedIds(author)).toContain(pin.id);
    const seen = ((await call(member, 'GET', '/api/query_feed')).json() as Pin[]).find((p) => p.id === pin.id);
    expect(seen).toMatchObject({ visibility: '2', pinType: 'friend' });
    expect(seen).not.toHaveProperty('circle');
    for (const who of [outside, stranger]) expect(await feedIds(who)).not.toContain(pin.id);

    // Search, the map (list, city and world counts) follow it.
    for (const [who, sees] of [[member, true], [outside, false]] as const) {
      const search = (await call(who, 'GET', '/api/search?q=Sunday')).json() as Pin[];
      expect(search.some((p) => p.id === pin.id), `search for ${who.username}`).toBe(sees);
      const map = (await call(who, 'GET', '/api/query_map_pins')).json() as Pin[];
      expect(map.some((p) => p.id === pin.id), `map for ${who.username}`).toBe(sees);
    }
    const world = (who: TestUser) => call(who, 'GET', '/api/query_map_pins?bbox=-180,-85,180,85&zoom=2&types=friend').then((r) => r.json() as { items: Array<{ count?: number }> });
    const count = (body: { items: Array<{ count?: number }> }) => body.items.reduce((n, i) => n + (i.count ?? 1), 0);
    expect(count(await world(member))).toBe(1);
    expect(count(await world(outside))).toBe(0);

    // Unfriending takes the member out: the next read no longer shows it.
    await call(other, 'DELETE', '/api/delete_friend', { userId: author.id });
    expect(await feedIds(other)).not.toContain(pin.id);
    // Taken out of the circle: the same.
    await call(author, 'PATCH', `/api/circles/${circle.id}`, { memberIds: [] });
    expect(await feedIds(member)).not.toContain(pin.id);
    expect(count(await world(member))).toBe(0);
    await call(author, 'PATCH', `/api/circles/${circle.id}`, { memberIds: [member.id] });
    expect(await feedIds(member)).toContain(pin.id);
  });

  it('refuses a circle that is not yours, or one with another visibility, and saves nothing', async () => {
    const [author, other] = [await t.register(), await t.register()];
    const theirs = await makeCircle(other, 'Theirs', []);
    const mine = await makeCircle(author, 'Mine', []);
    const create = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: memoryForm({ title: 't', description: 'd', latitude: '1', longitude: '1', ...fields }) });
    expect((await create({ visibility: '2', circleId: theirs.id })).statusCode).toBe(404);
    expect((await create({ visibility: '2', circleId: uuidv7() })).statusCode).toBe(404);
    const wrongLevel = await create({ visibility: '3', circleId: mine.id });
    expect(wrongLevel.statusCode).toBe(400);
    expect(wrongLevel.json()).toEqual({ error: CIRCLE_MESSAGES.circleNeedsFriends });
    expect(await feedIds(author)).toEqual([]);

    const pin = await createMemory(t, author, { visibility: '2' });
    const update = (fields: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: author.auth, payload: memoryForm({ pinId: pin.id, title: 'Changed', description: 'd', visibility: '2', ...fields }) });
    expect((await update({ circleId: theirs.id })).statusCode).toBe(404);
    const after = ((await call(author, 'GET', '/api/query_feed')).json() as Pin[])[0]!;
    expect(after.title).toBe(pin.title);
    expect(after).not.toHaveProperty('circle');
  });

  it('keeps its circle when an update leaves the field out (the original client); only null clears it', async () => {
    const { author, outside, circle, pin } = await family();
    const update = (fields: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: author.auth, payload: memoryForm({ pinId: pin.id, title: 'Lunch', description: 'd', visibility: '2', ...fields }) });
    const kept = await update({});
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as Pin).circle).toEqual({ id: circle.id, name: 'Family' });
    expect(await feedIds(outside)).not.toContain(pin.id);
    const cleared = await update({ circleId: 'null' });
    expect(cleared.json()).not.toHaveProperty('circle');
    expect(await feedIds(outside)).toContain(pin.id);
  });

  it('becomes private when its circle is deleted, and the author may still share it by link', async () => {
    const { author, member, circle, pin } = await family();
    const link = await call(author, 'POST', `/api/pins/${pin.id}/share`);
    expect(link.statusCode).toBe(201);
    expect((await call(member, 'POST', `/api/pins/${pin.id}/share`)).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `/api/circles/${circle.id}`)).statusCode).toBe(200);
    expect(await feedIds(member)).not.toContain(pin.id);
    const own = ((await call(author, 'GET', '/api/query_feed')).json() as Pin[]).find((p) => p.id === pin.id)!;
    expect(own.visibility).toBe('1');
    expect(own).not.toHaveProperty('circle');
  });
});
