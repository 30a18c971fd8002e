import type { Pin } from '@memory-map/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory, defaultMemory, memoryForm } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { rebuildPinCells } from '../map-cells/pin-cells.ts';

/**
 * docs/design.md §12: when a memory happened, and moving it. Bad input is a 400 naming the field
 * and changes nothing.
 */
let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await t.register();
});
afterAll(() => t.close());

const create = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: memoryForm({ ...defaultMemory, ...fields }) });

const update = (user: TestUser, fields: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: user.auth, payload: memoryForm(fields) });

/** What the original client sends to update: no happenedAt, no position. */
const sameContent = (pin: Pin) => ({ pinId: pin.id, title: pin.title, description: pin.description, visibility: pin.visibility });

const stored = (id: string) => t.db.kysely.selectFrom('pins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pinCount = async () => Number((await t.db.kysely.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const dayAfterTomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe('happenedAt', () => {
  it('is the posting time when not sent, on create', async () => {
    const pin = await createMemory(t, author);
    expect(pin.happenedAt).toBe(pin.createdAt);
    expect((await stored(pin.id)).happened_at).toBe(pin.createdAt);
  });

  it('keeps a date alone as that date, and turns a date and time into its UTC instant', async () => {
    const day = await createMemory(t, author, { happenedAt: '2023-07-14' });
    expect(day.happenedAt).toBe('2023-07-14');
    const moment = await createMemory(t, author, { happenedAt: '2023-07-14T18:30:00+02:00' });
    expect(moment.happenedAt).toBe('2023-07-14T16:30:00.000Z');
    const compact = await createMemory(t, author, { happenedAt: '1900-01-01T00:00Z' });
    expect(compact.happenedAt).toBe('1900-01-01T00:00:00.000Z');
  });

  it('is accepted in a JSON body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: author.auth,
      payload: { title: 'JSON', description: 'Sent as JSON', latitude: 1, longitude: 2, happenedAt: '2001-09-09' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().happenedAt).toBe('2001-09-09');
  });

  it.each([
    ['1899-12-31', 'happenedAt must not be before 1900'],
    ['1899-12-31T23:59:59Z', 'happenedAt must not be before 1900'],
    ['__FUTURE__', 'happenedAt must not be more than a day in the future'],
    ['2023-02-30', 'happenedAt must be a date (YYYY-MM-DD) or a date and time with a time zone (ISO 8601)'],
    ['2023-07-14T18:30', 'happenedAt must be a date (YYYY-MM-DD) or a date and time with a time zone (ISO 8601)'],
    ['2023-07-14T24:30Z', 'happenedAt must be a date (YYYY-MM-DD) or a date and time with a time zone (ISO 8601)'],
    ['last summer', 'happenedAt must be a date (YYYY-MM-DD) or a date and time with a time zone (ISO 8601)'],
  ])('refuses %s on create with 400 and stores nothing', async (value, message) => {
    const before = await pinCount();
    const res = await create({ happenedAt: value === '__FUTURE__' ? dayAfterTomorrow() : value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await pinCount()).toBe(before);
  });

  it('allows up to a day ahead (another time zone is already there)', async () => {
    const soon = new Date(Date.now() + 23 * 3_600_000).toISOString();
    const pin = await createMemory(t, author, { happenedAt: soon });
    expect(pin.happenedAt).toBe(soon);
  });

  it('refuses a value that is not text in JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: author.auth,
      payload: { title: 'x', description: 'y', latitude: 1, longitude: 2, happenedAt: 20230714 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('happenedAt must be text');
  });

  it('changes on update when sent, and stays when the original client updates without it', async () => {
    const pin = await createMemory(t, author, { happenedAt: '2019-03-01' });
    const kept = await update(author, { ...sameContent(pin), description: 'edited' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ description: 'edited', happenedAt: '2019-03-01' });
    const changed = await update(author, { ...sameContent(pin), happenedAt: '2018-12-24T20:00:00-05:00' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().happenedAt).toBe('2018-12-25T01:00:00.000Z');
  });

  it('refuses a bad value on update with 400 and changes nothing', async () => {
    const pin = await createMemory(t, author, { happenedAt: '2019-03-01' });
    const before = await stored(pin.id);
    for (const happenedAt of ['1850-01-01', dayAfterTomorrow(), '14/07/2023']) {
      const res = await update(author, { ...sameContent(pin), title: 'Changed title', happenedAt });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^happenedAt must/);
    }
    expect(await stored(pin.id)).toEqual(before);
  });

  it('leaves the feed ordered by posting, whatever the dates say', async () => {
    const own = await createTestApp();
    try {
      const me = await own.register();
      const first = await createMemory(own, me, { title: 'Posted first', happenedAt: '2024-01-01' });
      const second = await createMemory(own, me, { title: 'Posted second', happenedAt: '1999-01-01' });
      const feed = await own.app.inject({ url: '/api/query_feed', headers: me.auth });
      expect((feed.json() as Pin[]).map((p) => [p.id, p.happenedAt])).toEqual([
        [second.id, '1999-01-01'],
        [first.id, '2024-01-01'],
      ]);
    } finally {
      await own.close();
    }
  });

  it('is filled with the posting time for a row written without it (a bulk load, an older writer)', async () => {
    const at = '2022-02-02T02:02:02.000Z';
    await t.db.kysely
      .insertInto('pins')
      .values({
        id: '01900000-0000-7000-8000-000000000001',
        author_id: author.id,
        title: 'Bulk',
        description: 'Loaded',
        latitude: 1,
        longitude: 1,
        location_name: 'Somewhere',
        visibility: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect((await stored('01900000-0000-7000-8000-000000000001')).happened_at).toBe(at);
  });
});

describe('moving a memory', () => {
  const cells = async () => {
    const { rows } = await sql<{ level: number; cx: number; cy: number; count: number }>`
      select level, cx, cy, count from pin_cells where count <> 0 order by level, cx, cy`.execute(t.db.kysely);
    return rows.map((r) => `${r.level}:${r.cx}:${r.cy}=${Number(r.count)}`);
  };

  it('takes latitude and longitude and names the place again', async () => {
    const pin = await createMemory(t, author, { locationName: 'London, United Kingdom' });
    const res = await update(author, { ...sameContent(pin), latitude: '48.8566', longitude: '2.3522' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ latitude: 48.8566, longitude: 2.3522, locationName: 'Paris, France' });
    expect(await stored(pin.id)).toMatchObject({ latitude: 48.8566, longitude: 2.3522, location_name: 'Paris, France' });
  });

  it('keeps a place name that is sent with the move', async () => {
    const pin = await createMemory(t, author);
    const res = await update(author, { ...sameContent(pin), latitude: '35.6762', longitude: '139.6503', locationName: 'Our hotel in Shinjuku' });
    expect(res.json()).toMatchObject({ latitude: 35.6762, longitude: 139.6503, locationName: 'Our hotel in Shinjuku' });
  });

  it('keeps the place name when the position sent is where the memory already is', async () => {
    const pin = await createMemory(t, author, { locationName: 'The old bench' });
    const res = await update(author, { ...sameContent(pin), latitude: defaultMemory.latitude, longitude: defaultMemory.longitude });
    expect(res.json()).toMatchObject({ locationName: 'The old bench', latitude: 51.5072 });
  });

  it('names open sea Unknown location', async () => {
    const pin = await createMemory(t, author);
    const res = await update(author, { ...sameContent(pin), latitude: '-40', longitude: '-120' });
    expect(res.json()).toMatchObject({ latitude: -40, longitude: -120, locationName: 'Unknown location' });
  });

  it.each([
    [{ latitude: '91', longitude: '0' }, 'Latitude must be between -90 and 90'],
    [{ latitude: '0', longitude: '-180.5' }, 'Longitude must be between -180 and 180'],
    [{ latitude: '', longitude: '10' }, 'Latitude must be a number'],
    [{ latitude: '0x10', longitude: '10' }, 'Latitude must be a number'],
    [{ latitude: '10' }, 'Send both latitude and longitude to move a memory'],
    [{ longitude: '10' }, 'Send both latitude and longitude to move a memory'],
  ])('refuses %o with 400 and changes nothing', async (position, message) => {
    const pin = await createMemory(t, author, { visibility: '3' });
    const before = await stored(pin.id);
    const cellsBefore = await cells();
    const res = await update(author, { ...sameContent(pin), title: 'Moved?', ...position });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await stored(pin.id)).toEqual(before);
    expect(await cells()).toEqual(cellsBefore);
  });

  it("refuses to move someone else's memory", async () => {
    const other = await t.register();
    const pin = await createMemory(t, author, { visibility: '3' });
    const res = await update(other, { ...sameContent(pin), latitude: '1', longitude: '1' });
    expect(res.statusCode).toBe(403);
    expect((await stored(pin.id)).latitude).toBe(51.5072);
  });

  it("moves a public memory's count from its old map cells to the new ones, and the map shows it there", async () => {
    const viewer = await t.register();
    const pin = await createMemory(t, author, { visibility: '3', latitude: '-33.8688', longitude: '151.2093' });
    const res = await update(author, { ...sameContent(pin), latitude: '-37.8136', longitude: '144.9631' });
    expect(res.statusCode).toBe(200);
    const live = await cells();
    await rebuildPinCells(t.db.kysely);
    expect(live).toEqual(await cells());

    const inBox = async (bbox: string) => {
      const r = await t.app.inject({ url: `/api/query_map_pins?bbox=${bbox}`, headers: viewer.auth });
      return (r.json() as Pin[]).some((p) => p.id === pin.id);
    };
    expect(await inBox('150,-35,152,-33')).toBe(false);
    expect(await inBox('144,-38.5,146,-37')).toBe(true);
  });

  it("keeps the author's private map cells in step (triggers) when a private memory moves", async () => {
    const pin = await createMemory(t, author, { visibility: '1', latitude: '64.1466', longitude: '-21.9426' });
    const perAuthor = async (lat: number) => {
      const { rows } = await sql<{ n: number }>`
        select coalesce(sum(count), 0) as n from author_cells
        where author_id = ${author.id} and level = 8 and abs(sum_lat / nullif(count, 0) - ${lat}) < 1`.execute(t.db.kysely);
      return Number(rows[0]?.n ?? 0);
    };
    expect(await perAuthor(64.1466)).toBeGreaterThan(0);
    expect((await update(author, { ...sameContent(pin), latitude: '-54.8019', longitude: '-68.303' })).statusCode).toBe(200);
    expect(await perAuthor(64.1466)).toBe(0);
    expect(await perAuthor(-54.8019)).toBeGreaterThan(0);
  });
});
