import { LIMITS, TRIP_MESSAGES, type Trip } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { readZip } from '../../../test/fixtures/zip.ts';
import { simplify } from './trip-geometry.ts';

/** A trip's GPX track and its share link (docs/design.md §15). */

let t: TestApp;
let author: TestUser;
let friend: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [author, friend, stranger] = [await t.register(), await t.register(), await t.register()];
  await t.befriend(author, friend);
});
afterAll(() => t.close());

const call = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function makeTrip(body: object): Promise<Trip> {
  const res = await call(author, 'POST', '/api/trips', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Trip;
}

function gpxOf(points: Array<[number, number]>, kind: 'trk' | 'rte' = 'trk'): string {
  const pts = points.map(([lon, lat]) => (kind === 'trk' ? `<trkpt lat="${lat}" lon="${lon}"><ele>10</ele></trkpt>` : `<rtept lat="${lat}" lon="${lon}"/>`)).join('');
  const body = kind === 'trk' ? `<trk><name>Ride</name><trkseg>${pts}</trkseg></trk>` : `<rte>${pts}</rte>`;
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;
}

function upload(who: TestUser, tripId: string, content: string | Buffer, field = 'track') {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'application/gpx+xml' }), 'ride.gpx');
  return t.app.inject({ method: 'POST', url: `/api/trips/${tripId}/track`, headers: who.auth, payload: form });
}

describe('POST /api/trips/{id}/track', () => {
  it('makes the GPX line the route, simplified to a bounded number of points, and its length the distance', async () => {
    const a = await createMemory(t, author, { latitude: '45.0', longitude: '6.0', visibility: '2' });
    const trip = await makeTrip({ title: 'Alps', visibility: '2', pinIds: [a.id] });
    // A wiggly line of 5000 points going 1° east (≈ 78.6 km at 45°N).
    const points: Array<[number, number]> = Array.from({ length: 5000 }, (_, i) => [6 + i / 4999, 45 + (i % 2) * 0.00001]);
    const res = await upload(author, trip.id, gpxOf(points));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Trip;
    expect(body.routeSource).toBe('track');
    expect(body.hasTrack).toBe(true);
    expect(body.route.coordinates.length).toBeLessThanOrEqual(LIMITS.trackPointsMax);
    expect(body.route.coordinates[0]).toEqual([6, 45]);
    expect(body.route.coordinates.at(-1)).toEqual([7, 45.00001]);
    expect(body.stats.distanceKm).toBeGreaterThan(78);
    expect(body.stats.distanceKm).toBeLessThan(80);
    // The friend may read every memory of the trip, so sees the track too.
    expect(((await call(friend, 'GET', `/api/trips/${trip.id}`)).json() as Trip).routeSource).toBe('track');
  });

  it('reads routes as well as tracks; a viewer who may not read every memory gets the line through those they may', async () => {
    const pub = await createMemory(t, author, { latitude: '48.0', longitude: '2.0', visibility: '3', happenedAt: '2024-01-01' });
    const own = await createMemory(t, author, { latitude: '49.0', longitude: '3.0', visibility: '1', happenedAt: '2024-01-02' });
    const trip = await makeTrip({ title: 'Mixed', visibility: '3', pinIds: [pub.id, own.id] });
    expect((await upload(author, trip.id, gpxOf([[2, 48], [2.5, 48.5], [3, 49]], 'rte'))).statusCode).toBe(200);
    const mine = (await call(author, 'GET', `/api/trips/${trip.id}`)).json() as Trip;
    expect(mine.route.coordinates).toEqual([[2, 48], [2.5, 48.5], [3, 49]]);
    const theirs = (await call(stranger, 'GET', `/api/trips/${trip.id}`)).json() as Trip;
    expect(theirs.routeSource).toBe('memories');
    expect(theirs.route.coordinates).toEqual([[2, 48]]);
    // Dropping it: the line through the memories again.
    const dropped = await call(author, 'PATCH', `/api/trips/${trip.id}`, { removeTrack: true });
    expect((dropped.json() as Trip).route.coordinates).toEqual([[2, 48], [3, 49]]);
  });

  it('refuses a broken, empty, missing or too big file with a message, and keeps the route', async () => {
    const trip = await makeTrip({ title: 'Broken' });
    expect((await upload(author, trip.id, gpxOf([[1, 1], [2, 2]]))).statusCode).toBe(200);
    const cases: Array<[string | Buffer, string, string?]> = [
      ['<gpx><trk><trkseg><trkpt lat="1" lon="1"></trkseg>', TRIP_MESSAGES.trackBroken],
      ['not xml at all', TRIP_MESSAGES.trackBroken],
      ['<?xml version="1.0"?><kml><Document/></kml>', TRIP_MESSAGES.trackBroken],
      [gpxOf([[1, 1]]), TRIP_MESSAGES.trackBroken],
      [gpxOf([]), TRIP_MESSAGES.trackBroken],
      [Buffer.alloc(LIMITS.trackBytes + 1, 0x20), TRIP_MESSAGES.trackTooBig],
      // An entity bomb: no entity beyond XML's own is read.
      ['<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx><trk><name>&b;</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk></gpx>', TRIP_MESSAGES.trackBroken],
      // More points than a day of one a second, each as small as a point can be written.
      [`<gpx><trk><trkseg>${'<trkpt lat="1" lon="1"/>'.repeat(LIMITS.trackPointsRead + 1)}</trkseg></trk></gpx>`, TRIP_MESSAGES.trackTooManyPoints],
      [gpxOf([[1, 1], [2, 2]]), TRIP_MESSAGES.trackMissing, 'file'],
    ];
    for (const [content, error, field] of cases) {
      const res = await upload(author, trip.id, content, field);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const json = await t.app.inject({ method: 'POST', url: `/api/trips/${trip.id}/track`, headers: author.auth, payload: { track: 'x' } });
    expect(json.json()).toEqual({ error: TRIP_MESSAGES.trackMissing });
    const after = (await call(author, 'GET', `/api/trips/${trip.id}`)).json() as Trip;
    expect(after.route.coordinates).toEqual([[1, 1], [2, 2]]);
    // Someone else's trip: as missing as it is to them.
    expect((await upload(stranger, trip.id, gpxOf([[1, 1], [2, 2]]))).statusCode).toBe(404);
  });

  it('keeps a crafted zigzag (the worst case of Douglas–Peucker) to its bound and its ends', () => {
    // Swings that shrink point by point: each split finds its farthest point next to its end.
    const zigzag = Array.from({ length: 30_000 }, (_, i) => [i * 1e-4, (i % 2 ? 1 : -1) * 0.5 * 0.9995 ** i] as [number, number]);
    const kept = simplify(zigzag, 50);
    expect(kept).toHaveLength(50);
    expect(kept[0]).toEqual(zigzag[0]);
    expect(kept.at(-1)).toEqual(zigzag.at(-1));
  });

  it('simplifies by shape: the corner of an L is kept, the points along its legs go first', () => {
    const leg1 = Array.from({ length: 50 }, (_, i) => [i / 49, 0] as [number, number]);
    const leg2 = Array.from({ length: 50 }, (_, i) => [1, (i + 1) / 50] as [number, number]);
    expect(simplify([...leg1, ...leg2], 3)).toEqual([[0, 0], [1, 0], [1, 1]]);
  });
});

describe('POST /api/trips/{id}/share', () => {
  it('opens the trip to anyone with the link, showing its memories for friends or everyone, never a private one', async () => {
    const pub = await createMemory(t, author, { title: 'Shared beach', visibility: '3', happenedAt: '2024-02-01' });
    const fr = await createMemory(t, author, { title: 'Friends dinner', visibility: '2', happenedAt: '2024-02-02' });
    const priv = await createMemory(t, author, { title: 'Secret diary', visibility: '1', happenedAt: '2024-02-03' });
    const trip = await makeTrip({ title: 'Private trip <b>', visibility: '1', pinIds: [pub.id, fr.id, priv.id] });
    expect((await call(friend, 'POST', `/api/trips/${trip.id}/share`, {})).statusCode).toBe(404);
    const res = await call(author, 'POST', `/api/trips/${trip.id}/share`, { expiresInDays: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost\/t\/[A-Za-z0-9_-]{32}$/);
    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Private trip &lt;b&gt;');
    expect(page.body).toContain('Shared beach');
    expect(page.body).toContain('Friends dinner');
    expect(page.body).not.toContain('Secret diary');
    // Its map: the two stops it shows, numbered, over land and sea; the private one is not placed.
    const map = /<svg class="trip-map"[\s\S]*?<\/svg>/.exec(page.body)?.[0] ?? '';
    expect(map).toContain('aria-label="Map of Private trip &lt;b&gt;: 2 stops in order"');
    expect(map.match(/<circle r="15"/g)).toHaveLength(2);
    expect(map).toMatch(/<path class="land" d="M[^"]+Z"/);
    expect(map).toContain('<polyline class="route"');
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await call(author, 'GET', `/api/trips/${trip.id}/share`)).json()).toEqual({ expiresAt: (res.json() as { expiresAt: string }).expiresAt });

    // The link is not a session: the API stays closed to it, and the memory page of /s/ too — a
    // trip's token is not a memory's (it opened one of the trip's memories there, all its photos).
    const asMemoryLink = await t.app.inject({ method: 'GET', url: `/s/${new URL(url).pathname.slice(3)}` });
    expect(asMemoryLink.statusCode).toBe(404);
    for (const title of ['Secret diary', 'Shared beach', 'Friends dinner']) expect(asMemoryLink.body).not.toContain(title);

    expect((await call(author, 'DELETE', `/api/trips/${trip.id}/share`)).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Shared beach');
    expect((await t.app.inject({ method: 'GET', url: '/t/short' })).statusCode).toBe(404);
  });
});

describe('deleting an account', () => {
  it('takes its trips and their links with it', async () => {
    const leaver = await t.register();
    const pin = await createMemory(t, leaver, { visibility: '3' });
    const res = await call(leaver, 'POST', '/api/trips', { title: 'Gone soon', visibility: '3', pinIds: [pin.id] });
    const trip = res.json() as Trip;
    const { url } = (await call(leaver, 'POST', `/api/trips/${trip.id}/share`, {})).json() as { url: string };
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: leaver.auth, payload: { password: leaver.password } });
    expect(gone.statusCode).toBe(204);
    expect(await t.db.kysely.selectFrom('trips').select('id').where('author_id', '=', leaver.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('trip_share_links').select('trip_id').where('trip_id', '=', trip.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/trips/${trip.id}`)).statusCode).toBe(404);
  });
});

describe('the data export', () => {
  it('holds trips.json for someone who made trips: each with its memories and its route', async () => {
    const me = await t.register();
    const a = await createMemory(t, me, { happenedAt: '2024-01-02' });
    const b = await createMemory(t, me, { happenedAt: '2024-01-01' });
    const made = (await call(me, 'POST', '/api/trips', { title: 'Kept', visibility: '2', pinIds: [a.id, b.id] })).json() as Trip;
    const res = await t.app.inject({ method: 'GET', url: '/api/export', headers: me.auth });
    expect(res.statusCode).toBe(200);
    const files = await readZip(res.rawPayload);
    expect(JSON.parse(files.get('trips.json')!.toString('utf8'))).toEqual([
      { id: made.id, title: 'Kept', description: '', visibility: '2', coverMemoryId: null, memoryIds: [b.id, a.id], track: null, createdAt: made.createdAt, updatedAt: expect.any(String) },
    ]);
  });
});
