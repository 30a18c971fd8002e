import { MAP_PINS_MAX, type MapResponse } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { mapRepository } from './map.repository.ts';
import { onPinChanged, rebuildPinCells } from '../map-cells/pin-cells.ts';

let t: TestApp;
let author: TestUser;
let friend: TestUser;
let stranger: TestUser;

/** Seconds apart, so ids (UUIDv7) order the same way as the insertion order. */
let clock = Date.parse('2024-01-01T00:00:00Z');

interface Placed {
  id: string;
  latitude: number;
  longitude: number;
  visibility: number;
}

/**
 * Memories written the way the memories service writes them: the row, then onPinChanged in the
 * same transaction. Positions are spread deterministically around a centre.
 */
async function addPins(user: TestUser, count: number, visibility: number, lat: number, lng: number, spread = 0.5): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (let i = 0; i < count; i++) {
    clock += 1000;
    const angle = i * 2.399963;
    const r = spread * Math.sqrt((i + 0.5) / count);
    let longitude = lng + r * Math.cos(angle);
    if (longitude > 180) longitude -= 360;
    if (longitude < -180) longitude += 360;
    placed.push({ id: uuidv7(clock), latitude: lat + r * Math.sin(angle), longitude, visibility });
  }
  const at = new Date(clock).toISOString();
  await t.db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < placed.length; i += 200) {
      await trx
        .insertInto('pins')
        .values(
          placed.slice(i, i + 200).map((p) => ({
            id: p.id,
            author_id: user.id,
            title: `Memory ${p.id.slice(-4)}`,
            description: 'A day to remember.',
            latitude: p.latitude,
            longitude: p.longitude,
            location_name: 'Somewhere',
            visibility: p.visibility,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    for (const p of placed) await onPinChanged(trx, null, p);
  });
  return placed;
}

const mapAs = async (user: TestUser | null, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/query_map_pins?${query}`, headers: user?.auth ?? {} });
  return res;
};

const view = async (user: TestUser, query: string): Promise<MapResponse> => {
  const res = await mapAs(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MapResponse;
};

const clusterTotal = (body: MapResponse) => {
  expect(body.items.every((i) => i.kind === 'cluster')).toBe(true);
  return body.items.reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 0), 0);
};

const pinIds = (body: MapResponse) => {
  expect(body.items.every((i) => i.kind === 'pin')).toBe(true);
  return body.items.map((i) => (i.kind === 'pin' ? i.pin.id : ''));
};

/** Memories shown, as pins or inside bubbles. */
const shownTotal = (body: MapResponse) => body.items.reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 1), 0);

const WORLD = 'bbox=-180,-85,180,85&zoom=2';
const PARIS = { lat: 48.85, lng: 2.35 };

let authorPublic: Placed[];
let authorFriends: Placed[];
let authorPrivate: Placed[];
let friendFriends: Placed[];
let strangerPrivate: Placed[];
let strangerFriends: Placed[];

beforeAll(async () => {
  t = await createTestApp();
  author = await t.register('map_author');
  friend = await t.register('map_friend');
  stranger = await t.register('map_stranger');
  await t.befriend(author, friend);

  authorPublic = await addPins(author, 400, 3, PARIS.lat, PARIS.lng);
  authorFriends = await addPins(author, 200, 2, PARIS.lat, PARIS.lng);
  authorPrivate = await addPins(author, 100, 1, PARIS.lat, PARIS.lng);
  friendFriends = await addPins(friend, 20, 2, 40.71, -74.0);
  strangerPrivate = await addPins(stranger, 50, 1, PARIS.lat, PARIS.lng);
  strangerFriends = await addPins(stranger, 30, 2, 35.68, 139.69);
});
afterAll(() => t.close());

describe('GET /api/query_map_pins (map view) clusters', () => {
  it('counts for each viewer only what that viewer may see', async () => {
    // Stranger: everyone's public memories and their own.
    const strangerSees = authorPublic.length + strangerPrivate.length + strangerFriends.length;
    // Friend: public, the author's friends-only ones, and their own.
    const friendSees = authorPublic.length + authorFriends.length + friendFriends.length;
    // Author: all of their own, their friend's friends-only ones; never the stranger's.
    const authorSees = authorPublic.length + authorFriends.length + authorPrivate.length + friendFriends.length;

    expect(clusterTotal(await view(stranger, WORLD))).toBe(strangerSees);
    expect(clusterTotal(await view(friend, WORLD))).toBe(friendSees);
    expect(clusterTotal(await view(author, WORLD))).toBe(authorSees);
  });

  it('places clusters where the memories are, and never counts memories in places the viewer may not see', async () => {
    const body = await view(author, WORLD);
    // The stranger's friends-only memories are in Tokyo: the author has no cluster there.
    const nearTokyo = body.items.filter((i) => i.kind === 'cluster' && Math.abs(i.lat - 35.68) < 5 && Math.abs(i.lng - 139.69) < 5);
    expect(nearTokyo).toEqual([]);
    // The friend's friends-only memories are in New York: the author sees a cluster of 20 there.
    const nearNewYork = body.items.filter((i) => i.kind === 'cluster' && Math.abs(i.lat - 40.71) < 2 && Math.abs(i.lng + 74) < 2);
    expect(nearNewYork.map((i) => (i.kind === 'cluster' ? i.count : 0))).toEqual([20]);
    const paris = body.items.find((i) => i.kind === 'cluster' && Math.abs(i.lat - PARIS.lat) < 1 && Math.abs(i.lng - PARIS.lng) < 1);
    expect(paris).toMatchObject({ kind: 'cluster', count: 700 });
    expect(paris?.kind === 'cluster' && paris.expansionZoom).toBeGreaterThan(2);

    const strangerView = await view(stranger, WORLD);
    expect(strangerView.items.some((i) => i.kind === 'cluster' && Math.abs(i.lat - 40.71) < 2)).toBe(false);
  });

  it('follows the Own / Friend / Public filters', async () => {
    expect(clusterTotal(await view(author, `${WORLD}&types=own`))).toBe(700);
    // Only other people's public memories: the author's own public ones are "own".
    const publicOnly = await view(author, `${WORLD}&types=public`);
    expect(publicOnly.items).toEqual([]);
    const friendOnly = await view(author, `${WORLD}&types=friend`);
    expect(shownTotal(friendOnly)).toBe(friendFriends.length);
    // The same view at a zoom where those memories no longer overlap on screen: the pins themselves.
    const friendOnlyClose = await view(author, 'bbox=-180,-85,180,85&zoom=14&types=friend');
    expect(pinIds(friendOnlyClose).sort()).toEqual(friendFriends.map((p) => p.id).sort());
    expect(clusterTotal(await view(friend, `${WORLD}&types=public,friend`))).toBe(600);
  });

  it('keeps the counts right when a memory changes visibility or is deleted', async () => {
    const pin = authorPublic[0]!;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('pins').set({ visibility: 1 }).where('id', '=', pin.id).execute();
      await onPinChanged(trx, pin, { ...pin, visibility: 1 });
    });
    expect(clusterTotal(await view(stranger, WORLD))).toBe(399 + 80);
    expect(clusterTotal(await view(author, WORLD))).toBe(720);

    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('pins').where('id', '=', pin.id).execute();
      await onPinChanged(trx, { ...pin, visibility: 1 }, null);
    });
    expect(clusterTotal(await view(author, WORLD))).toBe(719);

    const pin2 = authorPublic[1]!;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('pins').where('id', '=', pin2.id).execute();
      await onPinChanged(trx, pin2, null);
    });
    expect(clusterTotal(await view(stranger, WORLD))).toBe(398 + 80);
    expect(clusterTotal(await view(friend, WORLD))).toBe(398 + 200 + 20);
  });

  it('counts the same at a regional zoom, where friends\' memories are counted live rather than from their cells', async () => {
    // Zoom 9 reads level-11 cells: beyond the per-author cells, so the live path.
    const paris = 'bbox=1.5,48.2,3.2,49.5&zoom=9';
    expect(clusterTotal(await view(author, paris))).toBe(398 + 200 + 100);
    expect(clusterTotal(await view(friend, paris))).toBe(398 + 200);
    expect(clusterTotal(await view(stranger, paris))).toBe(398 + 50);
  });

  it('shows pins, not clusters, when a wide viewport holds at most 100 visible memories', async () => {
    const lonely = await addPins(friend, 100, 3, -33.9, 18.4, 0.3);
    // Zoom 14 (below the pins-only zoom): 0.3° apart, the pins do not overlap on screen.
    const capeTown = 'bbox=17,-35,20,-33&zoom=14';
    expect(pinIds(await view(stranger, capeTown))).toHaveLength(100);
    const [one] = await addPins(friend, 1, 3, -33.9, 18.4, 0.01);
    expect(clusterTotal(await view(stranger, capeTown))).toBe(101);
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('pins').where('id', 'in', [one!.id, ...lonely.map((p) => p.id)]).execute();
      for (const p of [one!, ...lonely]) await onPinChanged(trx, p, null);
    });
    expect((await view(stranger, capeTown)).items).toEqual([]);
  });

  it('rebuilds the same cells from the pins table', async () => {
    const before = await mapRepository.listCells(t.db.kysely, { level: 9, columns: [{ x0: 0, x1: 511 }], y0: 0, y1: 511, cellCount: 0 });
    await rebuildPinCells(t.db.kysely);
    const after = await mapRepository.listCells(t.db.kysely, { level: 9, columns: [{ x0: 0, x1: 511 }], y0: 0, y1: 511, cellCount: 0 });
    const norm = (rows: typeof before) =>
      rows
        .map((r) => ({ ...r, count: Number(r.count), sum_lat: Number(r.sum_lat).toFixed(6), sum_lng: Number(r.sum_lng).toFixed(6) }))
        .sort((a, b) => a.cx - b.cx || a.cy - b.cy);
    expect(norm(after)).toEqual(norm(before));
    expect(after.reduce((s, r) => s + Number(r.count), 0)).toBe(398);
  });

  it('counts each memory once when a view across the antimeridian meets itself at a coarse level', async () => {
    const own = clusterTotal(await view(author, `${WORLD}&types=own`));
    // West 160° to east 150°: both halves share a column of cells at zoom 0 (from pin cells) and
    // at zoom 8 (counted live, and the own public ones moved between layers).
    expect(clusterTotal(await view(author, 'bbox=-200,-80,150,80&zoom=0&types=own'))).toBe(own);
    expect(clusterTotal(await view(author, 'bbox=5.1,40,5.0,60&zoom=8&types=own'))).toBe(own);
    const everything = clusterTotal(await view(author, WORLD));
    expect(clusterTotal(await view(author, 'bbox=-200,-80,150,80&zoom=0'))).toBe(everything);
  });
});

describe('GET /api/query_map_pins (map view) pins', () => {
  it('answers a narrow viewport with the pins themselves, newest first, only those the viewer may see', async () => {
    // Around the stranger's private memories in Paris, which are mixed in with the author's.
    const bbox = 'bbox=2.2,48.7,2.5,49.0&zoom=16';
    const asStranger = pinIds(await view(stranger, bbox));
    const asAuthor = pinIds(await view(author, bbox));
    const strangerIds = new Set(strangerPrivate.map((p) => p.id));
    const authorPrivateIds = new Set(authorPrivate.map((p) => p.id));
    expect(asStranger.some((id) => strangerIds.has(id))).toBe(true);
    expect(asStranger.some((id) => authorPrivateIds.has(id))).toBe(false);
    expect(asAuthor.some((id) => strangerIds.has(id))).toBe(false);
    expect(asAuthor.length).toBeLessThanOrEqual(MAP_PINS_MAX);
    expect([...asAuthor].sort().reverse()).toEqual(asAuthor);
  });

  it('caps a crowded viewport at 300 pins and says so', async () => {
    const body = await view(author, 'bbox=1.5,48,3.2,49.7&zoom=15');
    expect(body.items).toHaveLength(MAP_PINS_MAX);
    expect(body.truncated).toBe(true);
    const first = body.items[0];
    expect(first?.kind === 'pin' && first.pin).toMatchObject({ author: author.id, authorName: 'map_author', isOwnPin: true });
  });

  it('answers a wide viewport holding few visible memories with pins', async () => {
    // Around New York the friend has 20 friends-only memories: pins for the author, none for the stranger.
    const bbox = 'bbox=-80,35,-68,45&zoom=14';
    const asAuthor = await view(author, bbox);
    expect(pinIds(asAuthor).sort()).toEqual(friendFriends.map((p) => p.id).sort());
    expect(asAuthor.truncated).toBe(false);
    const first = asAuthor.items[0];
    expect(first?.kind === 'pin' && first.pin.pinType).toBe('friend');
    expect((await view(stranger, bbox)).items).toEqual([]);
  });

  it('merges pins on both sides of the antimeridian into one bubble, as they stand on screen', async () => {
    const [east, west] = [...(await addPins(friend, 1, 3, 0, 179.995, 0)), ...(await addPins(friend, 1, 3, 0, -179.995, 0))];
    const body = await view(stranger, 'bbox=179.9,-0.1,-179.9,0.1&zoom=8');
    expect(body.items).toHaveLength(1);
    const [bubble] = body.items;
    expect(bubble).toMatchObject({ kind: 'cluster', count: 2 });
    expect(bubble?.kind === 'cluster' && Math.abs(bubble.lng)).toBeGreaterThan(179.9);
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('pins').where('id', 'in', [east!.id, west!.id]).execute();
      for (const p of [east!, west!]) await onPinChanged(trx, p, null);
    });
  });

  it('merges pins that would overlap on screen into one bubble, the one place the map clusters', async () => {
    // The friend's 20 memories lie within 0.5° of New York: one spot at zoom 6.
    const body = await view(author, 'bbox=-80,35,-68,45&zoom=6');
    expect(body.items).toHaveLength(1);
    const [bubble] = body.items;
    expect(bubble).toMatchObject({ kind: 'cluster', count: friendFriends.length });
    // Zooming to where it splits shows more than one marker.
    const at = bubble?.kind === 'cluster' ? bubble.expansionZoom! : 0;
    expect(at).toBeGreaterThan(6);
    expect((await view(author, `bbox=-80,35,-68,45&zoom=${at}`)).items.length).toBeGreaterThan(1);
  });

  it('handles a viewport across the antimeridian, for pins and for clusters', async () => {
    const fiji = await addPins(stranger, 400, 3, -17.7, 180, 1.5);
    const east = fiji.filter((p) => p.longitude > 0).length;
    expect(east).toBeGreaterThan(50);
    expect(fiji.length - east).toBeGreaterThan(50);

    // Clusters: 400 public memories, both sides of the line, counted once.
    const wide = await view(author, 'bbox=170,-30,-170,-5&zoom=4');
    expect(clusterTotal(wide)).toBe(400);
    for (const item of wide.items) {
      if (item.kind === 'cluster') expect(Math.abs(item.lng)).toBeGreaterThan(170);
    }
    // A world-wide window at a zoom where everything is one cluster wraps its mean too.
    const merged = await view(author, 'bbox=175,-25,-175,-10&zoom=1');
    const fijiCluster = merged.items.find((i) => i.kind === 'cluster' && Math.abs(i.lat + 17.7) < 2);
    expect(fijiCluster && fijiCluster.kind === 'cluster' && Math.abs(fijiCluster.lng)).toBeGreaterThan(178);

    // Pins: a narrow box across the line gets memories from both sides.
    const narrow = await view(author, 'bbox=179.8,-17.9,-179.8,-17.5&zoom=16');
    const lngs = narrow.items.map((i) => (i.kind === 'pin' ? i.pin.longitude : 0));
    expect(lngs.some((l) => l > 179)).toBe(true);
    expect(lngs.some((l) => l < -179)).toBe(true);
    expect(lngs.every((l) => Math.abs(l) >= 179.8)).toBe(true);
  });
});

describe('GET /api/query_map_pins (map view) input', () => {
  it('needs a session', async () => {
    const res = await mapAs(null, WORLD);
    expect(res.statusCode).toBe(401);
  });

  it('rejects a missing or bad bbox, zoom or types with a message naming the field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['zoom=3', /bbox/],
      ['bbox=1,2,3&zoom=3', /bbox must be four numbers/],
      ['bbox=-10,50,10,40&zoom=3', /south/],
      ['bbox=-10,40,10,50&zoom=2.5', /zoom must be a whole number/],
      ['bbox=-10,40,10,50&zoom=40', /zoom must be at most 22/],
      ['bbox=-10,40,10,50&zoom=3&types=mine', /types/],
    ];
    for (const [query, message] of cases) {
      const res = await mapAs(author, query);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { error: string }).error, query).toMatch(message);
    }
  });

  it('reads an empty zoom as none, and refuses types without a zoom', async () => {
    const empty = await mapAs(author, 'bbox=-80,35,-68,45&zoom=');
    expect(empty.statusCode).toBe(200);
    expect(Array.isArray(empty.json())).toBe(true);
    const types = await mapAs(author, 'bbox=-80,35,-68,45&types=own');
    expect(types.statusCode).toBe(400);
    expect(types.json()).toEqual({ error: 'types is only used with bbox and zoom' });
  });

  it("answers a box without a zoom with the spec client's plain list of pins", async () => {
    const res = await mapAs(author, 'bbox=-80,35,-68,45');
    expect(res.statusCode).toBe(200);
    const pins = res.json() as Array<{ id: string }>;
    expect(pins.map((p) => p.id).sort()).toEqual(friendFriends.map((p) => p.id).sort());
  });
});
