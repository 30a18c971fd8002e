import { USER_MESSAGES, type World } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { uuidv7 } from '../../lib/ids.ts';

/** Your world (docs/design.md §15): counted from coordinates, only what the viewer may read. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const world = (who: TestUser, user?: string) => t.app.inject({ method: 'GET', url: `/api/world${user ? `?user=${user}` : ''}`, headers: who.auth });

describe('GET /api/world', () => {
  it('counts countries, cities and years from the coordinates, never the typed place name, and nothing at sea', async () => {
    const [me, friend, stranger] = [await t.register(), await t.register(), await t.register()];
    await t.befriend(me, friend);
    // Typed as Paris, but in Tokyo: Japan counts.
    await createMemory(t, me, { latitude: '35.6895', longitude: '139.6917', locationName: 'Paris, France', happenedAt: '2023-04-01', visibility: '3' });
    await createMemory(t, me, { latitude: '48.8566', longitude: '2.3522', locationName: 'Home', happenedAt: '2024-05-01', visibility: '2' });
    await createMemory(t, me, { latitude: '48.86', longitude: '2.34', happenedAt: '2024-05-02', visibility: '1' });
    // Mid-Atlantic: no country, no city.
    await createMemory(t, me, { latitude: '30', longitude: '-40', locationName: 'Lisbon', happenedAt: '2024-06-01', visibility: '3' });

    const mine = (await world(me)).json() as World;
    expect(mine.countries.map((c) => [c.code, c.memories])).toEqual([['FR', 2], ['JP', 1]]);
    expect(mine.countries[0]).toMatchObject({ name: 'France', numeric: '250', firstAt: '2024-05-01', lastAt: '2024-05-02' });
    expect(mine.cities.map((c) => [c.name, c.country, c.memories])).toEqual([['Paris', 'FR', 2], ['Tokyo', 'JP', 1]]);
    expect(mine.totals).toMatchObject({ countries: 2, cities: 2, memories: 4 });
    expect(mine.totals.distanceKm).toBeGreaterThan(9000);
    expect(mine.years).toEqual([{ year: 2024, memories: 3, countries: 1 }, { year: 2023, memories: 1, countries: 1 }]);

    // A friend counts the friends' and public memories only; a stranger the public ones.
    const asFriend = (await world(friend, me.id)).json() as World;
    expect(asFriend.countries.map((c) => [c.code, c.memories])).toEqual([['FR', 1], ['JP', 1]]);
    expect(asFriend.totals.memories).toBe(3);
    const asStranger = (await world(stranger, me.id)).json() as World;
    expect(asStranger.countries.map((c) => c.code)).toEqual(['JP']);
    expect(asStranger.totals).toMatchObject({ countries: 1, cities: 1, memories: 2 });
  });

  it('answers an empty world for someone without memories, and 404 for an unknown user', async () => {
    const me = await t.register();
    expect((await world(me)).json()).toEqual({ countries: [], cities: [], totals: { countries: 0, cities: 0, memories: 0, distanceKm: 0 }, years: [] });
    for (const user of [uuidv7(), 'nobody']) {
      const res = await world(me, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: USER_MESSAGES.notFound });
    }
  });
});
