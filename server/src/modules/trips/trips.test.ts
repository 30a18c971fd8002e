import { LIMITS, TRIP_MESSAGES, type Pin, type Trip, type TripSummary, type Visibility } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { uuidv7 } from '../../lib/ids.ts';

/**
 * Trips (docs/design.md §15): the API, and that a trip never widens a memory's audience — for
 * every trip visibility × memory visibility × viewer, the page, its route and its stats hold
 * only what that viewer may read anyway.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const PARIS = { latitude: '48.8566', longitude: '2.3522' };
const BERLIN = { latitude: '52.52', longitude: '13.405' };
const ROME = { latitude: '41.9028', longitude: '12.4964' };

async function makeTrip(author: TestUser, body: object): Promise<Trip> {
  const res = await call(author, 'POST', '/api/trips', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Trip;
}

async function tripAs(who: TestUser, id: string) {
  return call(who, 'GET', `/api/trips/${id}`);
}

describe('the trips API', () => {
  it('makes a trip of three memories: in happenedAt order, a route through them, and stats from their coordinates', async () => {
    const me = await t.register();
    // Made out of order; the place names lie: countries come from the coordinates.
    const rome = await createMemory(t, me, { ...ROME, title: 'Rome', happenedAt: '2024-05-09', locationName: 'Somewhere in France' }, await makePhoto());
    const paris = await createMemory(t, me, { ...PARIS, title: 'Paris', happenedAt: '2024-05-01' });
    const berlin = await createMemory(t, me, { ...BERLIN, title: 'Berlin', happenedAt: '2024-05-04T10:00:00.000Z' });
    const trip = await makeTrip(me, { title: '  Europe by train ', visibility: '2', pinIds: [rome.id, paris.id, berlin.id, paris.id] });
    expect(trip.title).toBe('Europe by train');
    expect(trip.visibility).toBe('2');
    expect(trip.pins.map((p) => p.title)).toEqual(['Paris', 'Berlin', 'Rome']);
    expect(trip.pinIds).toEqual([paris.id, berlin.id, rome.id]);
    expect(trip.route).toEqual({ type: 'LineString', coordinates: [[2.3522, 48.8566], [13.405, 52.52], [12.4964, 41.9028]] });
    expect(trip.routeSource).toBe('memories');
    expect(trip.stats.memories).toBe(3);
    expect(trip.stats.photos).toBe(1);
    expect(trip.stats.days).toBe(9);
    // Paris–Berlin ≈ 878 km, Berlin–Rome ≈ 1184 km.
    expect(trip.stats.distanceKm).toBeGreaterThan(2040);
    expect(trip.stats.distanceKm).toBeLessThan(2080);
    expect(trip.stats.countries).toEqual(['FR', 'DE', 'IT']);
    expect(trip.startsAt).toBe('2024-05-01');
    expect(trip.endsAt).toBe('2024-05-09');
    expect(trip.coverPinId).toBe(paris.id);
    expect(trip.isOwnTrip).toBe(true);
    // The author's pins say which trip they are in.
    expect(trip.pins.every((p) => p.tripId === trip.id)).toBe(true);

    const list = (await call(me, 'GET', '/api/trips')).json() as TripSummary[];
    expect(list.map((s) => s.id)).toEqual([trip.id]);
    expect(list[0]!.pinIds).toEqual([paris.id, berlin.id, rome.id]);
  });

  it('changes, re-sets and deletes a trip; its memories stay', async () => {
    const me = await t.register();
    const [a, b, c] = [await createMemory(t, me, PARIS), await createMemory(t, me, BERLIN), await createMemory(t, me, ROME)];
    const trip = await makeTrip(me, { title: 'One', visibility: '1', pinIds: [a.id, b.id] });
    const patched = await call(me, 'PATCH', `/api/trips/${trip.id}`, { title: 'Two', description: 'About it', visibility: '3', coverPinId: b.id });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Two', description: 'About it', visibility: '3', coverPinId: b.id });

    const reset = await call(me, 'PUT', `/api/trips/${trip.id}/pins`, { pinIds: [c.id, b.id] });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((reset.json() as Trip).pinIds.sort()).toEqual([b.id, c.id].sort());

    const gone = await call(me, 'DELETE', `/api/trips/${trip.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await tripAs(me, trip.id)).statusCode).toBe(404);
    for (const pin of [a, b, c]) {
      const row = await t.db.kysely.selectFrom('pins').select('trip_id').where('id', '=', pin.id).executeTakeFirstOrThrow();
      expect(row.trip_id).toBeNull();
    }
  });

  it('keeps a memory in at most one trip: joining another takes it out of the first', async () => {
    const me = await t.register();
    const pin = await createMemory(t, me, PARIS);
    const first = await makeTrip(me, { title: 'First', pinIds: [pin.id] });
    const second = await makeTrip(me, { title: 'Second', pinIds: [pin.id] });
    expect(((await tripAs(me, first.id)).json() as Trip).pinIds).toEqual([]);
    expect(((await tripAs(me, second.id)).json() as Trip).pinIds).toEqual([pin.id]);
  });

  it('takes tripId on create and update (null takes the memory out), and names the trip to its author only', async () => {
    const [me, friend] = [await t.register(), await t.register()];
    await t.befriend(me, friend);
    const trip = await makeTrip(me, { title: 'Coast', visibility: '2' });
    const pin = await createMemory(t, me, { ...PARIS, visibility: '2', tripId: trip.id });
    expect(pin.tripId).toBe(trip.id);
    const seen = ((await tripAs(friend, trip.id)).json() as Trip).pins;
    expect(seen.map((p) => p.id)).toEqual([pin.id]);
    expect(seen[0]!.tripId).toBeUndefined();

    const update = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ pinId: pin.id, title: pin.title, description: pin.description, visibility: '2', ...fields })) form.append(k, v);
      return t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: me.auth, payload: form });
    };
    // Absent: stays in the trip.
    expect(((await update({})).json() as Pin).tripId).toBe(trip.id);
    expect(((await update({ tripId: '' })).json() as Pin).tripId).toBeUndefined();
    expect(((await tripAs(me, trip.id)).json() as Trip).pinIds).toEqual([]);
    expect(((await update({ tripId: trip.id })).json() as Pin).tripId).toBe(trip.id);
  });
});

describe('a trip never widens a memory\'s audience', () => {
  const TRIP_LEVELS: Visibility[] = ['1', '2', '3'];
  let author: TestUser;
  let friend: TestUser;
  let stranger: TestUser;
  const memories = {} as Record<Visibility, Pin>;
  const tripsByLevel = {} as Record<Visibility, Trip>;

  beforeAll(async () => {
    [author, friend, stranger] = [await t.register(), await t.register(), await t.register()];
    await t.befriend(author, friend);
    for (const level of TRIP_LEVELS) {
      tripsByLevel[level] = await makeTrip(author, { title: `Trip ${level}`, visibility: level });
    }
  });

  // One memory of each visibility, in each trip (a trip of its own per trip visibility).
  async function fill(tripLevel: Visibility): Promise<Record<Visibility, Pin>> {
    const made = {} as Record<Visibility, Pin>;
    const places = { '1': PARIS, '2': BERLIN, '3': ROME } as const;
    const days = { '1': '2024-06-01', '2': '2024-06-02', '3': '2024-06-05' } as const;
    for (const v of ['1', '2', '3'] as Visibility[]) {
      made[v] = await createMemory(t, author, { ...places[v], visibility: v, happenedAt: days[v], tripId: tripsByLevel[tripLevel].id }, v === '3' ? await makePhoto() : undefined);
    }
    Object.assign(memories, made);
    return made;
  }

  // Who may open a trip of each visibility, and which memory visibilities each then sees.
  const OPENS: Record<'author' | 'friend' | 'stranger', Visibility[]> = { author: ['1', '2', '3'], friend: ['2', '3'], stranger: ['3'] };
  const READS: Record<'author' | 'friend' | 'stranger', Visibility[]> = { author: ['1', '2', '3'], friend: ['2', '3'], stranger: ['3'] };

  it.each(TRIP_LEVELS)('a trip for visibility %s: the page, the route and the stats hold only what each viewer may read', async (tripLevel) => {
    const made = await fill(tripLevel);
    const viewers = { author, friend, stranger };
    for (const [name, who] of Object.entries(viewers) as Array<[keyof typeof viewers, TestUser]>) {
      const res = await tripAs(who, tripsByLevel[tripLevel].id);
      if (!OPENS[name].includes(tripLevel)) {
        expect(res.statusCode, `${name} opens a trip for ${tripLevel}`).toBe(404);
        expect(res.json()).toEqual({ error: TRIP_MESSAGES.notFound });
        const listed = (await call(who, 'GET', `/api/trips?user=${author.id}`)).json() as TripSummary[];
        expect(listed.map((s) => s.id), `${name} lists`).not.toContain(tripsByLevel[tripLevel].id);
        continue;
      }
      expect(res.statusCode, `${name} opens a trip for ${tripLevel}`).toBe(200);
      const trip = res.json() as Trip;
      const readable = READS[name].map((v) => made[v]);
      expect(trip.pins.map((p) => p.id), `${name}: pins`).toEqual(readable.map((p) => p.id));
      expect(trip.pinIds, `${name}: pinIds`).toEqual(readable.map((p) => p.id));
      expect(trip.route.coordinates, `${name}: route`).toEqual(readable.map((p) => [p.longitude, p.latitude]));
      const countries = { '1': 'FR', '2': 'DE', '3': 'IT' } as const;
      expect(trip.stats, `${name}: stats`).toMatchObject({
        memories: readable.length,
        photos: READS[name].includes('3') ? 1 : 0,
        countries: READS[name].map((v) => countries[v]),
      });
      // 1, 2 and 5 June: the days from the first readable memory to the last.
      expect(trip.stats.days, `${name}: days`).toBe({ author: 5, friend: 4, stranger: 1 }[name]);
      // Nothing of an unreadable memory anywhere in the answer.
      for (const v of ['1', '2', '3'] as Visibility[]) {
        if (!READS[name].includes(v)) expect(res.body, `${name} sees memory ${v}`).not.toContain(made[v].id);
      }
      const listed = (await call(who, 'GET', `/api/trips?user=${author.id}`)).json() as TripSummary[];
      expect(listed.find((s) => s.id === tripsByLevel[tripLevel].id)?.pinIds, `${name} lists`).toEqual(readable.map((p) => p.id));
    }
    expect(Object.keys(memories)).toHaveLength(3);
  });

  it('stops a friend who is no longer one, and a disabled author hides the trip from everyone else', async () => {
    const [me, ex] = [await t.register(), await t.register()];
    await t.befriend(me, ex);
    const trip = await makeTrip(me, { title: 'Friends only', visibility: '2' });
    expect((await tripAs(ex, trip.id)).statusCode).toBe(200);
    await t.db.kysely.deleteFrom('friendships').where('user_id', 'in', [me.id, ex.id]).execute();
    expect((await tripAs(ex, trip.id)).statusCode).toBe(404);
    const open = await makeTrip(me, { title: 'Public', visibility: '3' });
    expect((await tripAs(ex, open.id)).statusCode).toBe(200);
    await t.db.kysely.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', me.id).execute();
    expect((await tripAs(ex, open.id)).statusCode).toBe(404);
  });
});

describe('bad input changes nothing', () => {
  it('refuses someone else\'s memory (and one that does not exist) with 400, and the trip keeps its memories', async () => {
    const [me, other] = [await t.register(), await t.register()];
    await t.befriend(me, other);
    const mine = await createMemory(t, me, PARIS);
    const theirs = await createMemory(t, other, { ...BERLIN, visibility: '3' });
    const trip = await makeTrip(me, { title: 'Mine', pinIds: [mine.id] });
    for (const pinIds of [[mine.id, theirs.id], [uuidv7()], ['not-an-id']]) {
      const res = await call(me, 'PUT', `/api/trips/${trip.id}/pins`, { pinIds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: TRIP_MESSAGES.onlyOwnMemories });
    }
    const made = await call(me, 'POST', '/api/trips', { title: 'Theirs', pinIds: [theirs.id] });
    expect(made.statusCode).toBe(400);
    expect(((await tripAs(me, trip.id)).json() as Trip).pinIds).toEqual([mine.id]);
    expect((await call(me, 'GET', '/api/trips')).json()).toHaveLength(1);
    const row = await t.db.kysely.selectFrom('pins').select('trip_id').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row.trip_id).toBeNull();
  });

  it('answers 404 for an unknown trip, 403 to a reader who is not the author, and never changes it', async () => {
    const [me, friend, stranger] = [await t.register(), await t.register(), await t.register()];
    await t.befriend(me, friend);
    const trip = await makeTrip(me, { title: 'Ours', visibility: '2' });
    for (const id of [uuidv7(), 'nope']) {
      expect((await tripAs(me, id)).statusCode).toBe(404);
      expect((await call(me, 'PATCH', `/api/trips/${id}`, { title: 'x' })).statusCode).toBe(404);
      expect((await call(me, 'PUT', `/api/trips/${id}/pins`, { pinIds: [] })).statusCode).toBe(404);
      expect((await call(me, 'DELETE', `/api/trips/${id}`)).statusCode).toBe(404);
    }
    const byFriend = await call(friend, 'PATCH', `/api/trips/${trip.id}`, { title: 'Hijacked' });
    expect(byFriend.statusCode).toBe(403);
    expect(byFriend.json()).toEqual({ error: TRIP_MESSAGES.onlyAuthor });
    expect((await call(stranger, 'DELETE', `/api/trips/${trip.id}`)).statusCode).toBe(404);
    expect(((await tripAs(me, trip.id)).json() as Trip).title).toBe('Ours');
    // Someone else's trip in my memory's form: refused before anything is saved.
    const before = await t.db.kysely.selectFrom('pins').select('id').where('author_id', '=', friend.id).execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/create', headers: friend.auth, payload: (() => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ title: 'x', description: 'y', ...PARIS, tripId: trip.id })) f.append(k, v);
      return f;
    })() });
    expect(res.statusCode).toBe(403);
    expect(await t.db.kysely.selectFrom('pins').select('id').where('author_id', '=', friend.id).execute()).toEqual(before);
  });

  it('names the field of a bad title, visibility, list or cover', async () => {
    const me = await t.register();
    const cases: Array<[object, string]> = [
      [{ title: '' }, TRIP_MESSAGES.titleRequired],
      [{ title: '   ' }, TRIP_MESSAGES.titleRequired],
      [{}, TRIP_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(LIMITS.tripTitleMax + 1) }, TRIP_MESSAGES.titleTooLong],
      [{ title: 'ok', visibility: '4' }, "Visibility must be '1' (only you), '2' (friends) or '3' (everyone)"],
      [{ title: 'ok', pinIds: 'abc' }, TRIP_MESSAGES.pinIdsList],
      [{ title: 'ok', pinIds: Array.from({ length: LIMITS.tripMemoriesMax + 1 }, () => uuidv7()) }, TRIP_MESSAGES.tooManyMemories],
    ];
    for (const [body, error] of cases) {
      const res = await call(me, 'POST', '/api/trips', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(((await call(me, 'GET', '/api/trips')).json() as unknown[]).length).toBe(0);
    const trip = await makeTrip(me, { title: 'Fine' });
    const other = await createMemory(t, me, PARIS);
    const cover = await call(me, 'PATCH', `/api/trips/${trip.id}`, { coverPinId: other.id });
    expect(cover.statusCode).toBe(400);
    expect(cover.json()).toEqual({ error: TRIP_MESSAGES.coverNotInTrip });
    expect((await call(me, 'PATCH', `/api/trips/${trip.id}`, { title: 'x'.repeat(101) })).json()).toEqual({ error: TRIP_MESSAGES.titleTooLong });
    expect(((await tripAs(me, trip.id)).json() as Trip).title).toBe('Fine');
  });

  it('refuses a 501st memory put in a trip through the memory form', async () => {
    const me = await t.register();
    const trip = await makeTrip(me, { title: 'Full' });
    // Fill it to the limit directly: 500 memories through the API would only be slow.
    const at = new Date().toISOString();
    const rows = Array.from({ length: LIMITS.tripMemoriesMax }, () => ({
      id: uuidv7(), author_id: me.id, title: 't', description: 'd', latitude: 1, longitude: 1, location_name: 'x', visibility: 1, created_at: at, updated_at: at, trip_id: trip.id,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.db.kysely.insertInto('pins').values(rows.slice(i, i + 100)).execute();
    const f = new FormData();
    for (const [k, v] of Object.entries({ title: 'one more', description: 'y', ...PARIS, tripId: trip.id })) f.append(k, v);
    const res = await t.app.inject({ method: 'POST', url: '/api/create', headers: me.auth, payload: f });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: TRIP_MESSAGES.tooManyMemories });
    expect(await t.db.kysely.selectFrom('pins').select('id').where('title', '=', 'one more').execute()).toEqual([]);
  });
});

describe('PUT /api/pins/{id}/trip: one memory into a trip, or out of it', () => {
  it('changes only that memory, so two devices adding two memories to one trip both stand', async () => {
    const me = await t.register();
    const [a, b, c] = [await createMemory(t, me, { ...PARIS, title: 'A' }), await createMemory(t, me, { ...BERLIN, title: 'B' }), await createMemory(t, me, { ...ROME, title: 'C' })];
    const trip = await makeTrip(me, { title: 'Weekend', visibility: '1', pinIds: [a.id] });
    const other = await makeTrip(me, { title: 'Other', visibility: '1', pinIds: [] });
    // Both devices read the trip as [A]; each adds its memory.
    const [one, two] = await Promise.all([call(me, 'PUT', `/api/pins/${b.id}/trip`, { tripId: trip.id }), call(me, 'PUT', `/api/pins/${c.id}/trip`, { tripId: trip.id })]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()).toEqual({ tripId: trip.id });
    expect(((await tripAs(me, trip.id)).json() as Trip).pinIds.sort()).toEqual([a.id, b.id, c.id].sort());
    // Joining another trip leaves the first; null takes it out of any.
    expect((await call(me, 'PUT', `/api/pins/${a.id}/trip`, { tripId: other.id })).statusCode).toBe(200);
    expect(((await tripAs(me, other.id)).json() as Trip).pinIds).toEqual([a.id]);
    expect((await call(me, 'PUT', `/api/pins/${b.id}/trip`, { tripId: null })).json()).toEqual({ tripId: null });
    expect(((await tripAs(me, trip.id)).json() as Trip).pinIds).toEqual([c.id]);
  });

  it("refuses another's memory or trip, and a bad tripId, and changes nothing", async () => {
    const me = await t.register();
    const friend = await t.register();
    await t.befriend(me, friend);
    const mine = await createMemory(t, me, { ...PARIS, title: 'Mine', visibility: '2' });
    const theirs = await createMemory(t, friend, { ...BERLIN, title: 'Theirs', visibility: '2' });
    const myTrip = await makeTrip(me, { title: 'Mine', visibility: '2', pinIds: [] });
    const theirTrip = await makeTrip(friend, { title: 'Theirs', visibility: '2', pinIds: [theirs.id] });
    expect((await call(me, 'PUT', `/api/pins/${theirs.id}/trip`, { tripId: myTrip.id })).statusCode).toBe(403);
    expect((await call(me, 'PUT', `/api/pins/${mine.id}/trip`, { tripId: theirTrip.id })).statusCode).toBe(403);
    expect((await call(me, 'PUT', `/api/pins/${mine.id}/trip`, { tripId: uuidv7() })).statusCode).toBe(404);
    expect((await call(me, 'PUT', `/api/pins/${uuidv7()}/trip`, { tripId: myTrip.id })).statusCode).toBe(404);
    const bad = await call(me, 'PUT', `/api/pins/${mine.id}/trip`, { tripId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: TRIP_MESSAGES.tripIdField });
    expect(((await tripAs(me, myTrip.id)).json() as Trip).pinIds).toEqual([]);
    expect(((await tripAs(friend, theirTrip.id)).json() as Trip).pinIds).toEqual([theirs.id]);
  });
});
