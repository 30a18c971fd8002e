import type { Pin } from '@memory-map/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { TEST_DIALECT } from '../../../test/test-db.ts';
import { filesUnder } from '../../../test/fixtures/db-search.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, keyOf } from '../../../test/fixtures/memories.ts';
import { displayBackfillRepository } from './display-backfill.repository.ts';
import { backfillDisplayCopies } from './display-backfill.ts';

let t: TestApp;
let me: TestUser;
let friend: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await t.register('displayer');
  friend = await t.register('displayfriend');
  await t.befriend(me, friend);
});
afterAll(() => t.close());

async function fetchImage(url: string, who: TestUser) {
  const res = await t.app.inject({ method: 'GET', url, headers: who.auth });
  expect(res.statusCode, url).toBe(200);
  return sharp(res.rawPayload).metadata();
}

describe('the display size of a photo (docs/design.md §12)', () => {
  it('is made at upload beside the thumbnail, 1080 px on its longest side, and served to whoever may see the memory', async () => {
    const pin = await createMemory(t, me, { title: 'Wide view', visibility: '2' }, await makePhoto({ width: 1600, height: 1200 }));
    const [photo] = pin.images;
    expect(photo!.displayUrl).toMatch(/-display\.jpg\?/);
    expect(await fetchImage(photo!.displayUrl!, friend)).toMatchObject({ width: 1080, height: 810, format: 'jpeg' });
    expect(await fetchImage(photo!.thumbnailUrl, friend)).toMatchObject({ width: 320 });
    expect(await fetchImage(photo!.url, friend)).toMatchObject({ width: 1600 });
    // The feed says the same.
    const feed = (await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=5', headers: friend.auth })).json() as Pin[];
    expect(feed.find((p) => p.id === pin.id)!.images[0]!.displayUrl).toMatch(/-display\.jpg\?/);
  });

  it('is not made for a photo no larger than it: the photo itself is that size', async () => {
    const pin = await createMemory(t, me, { title: 'Small view' }, await makePhoto({ width: 800, height: 600 }));
    expect(pin.images[0]!.displayUrl).toBeNull();
  });

  it('goes with its photo when the memory is deleted', async () => {
    const pin = await createMemory(t, me, { title: 'Gone soon' }, await makePhoto({ width: 1500, height: 1000 }));
    const key = keyOf(pin.images[0]!.url);
    const id = key.replace(/^pins\/|\.jpg$/g, '');
    expect((await filesUnder(t.config.mediaDir)).filter((f) => f.includes(id)).sort()).toEqual([`pins/${id}-display.jpg`, `pins/${id}-thumb.jpg`, `pins/${id}.jpg`]);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: me.auth, payload: { pinId: pin.id } });
    expect(res.statusCode).toBe(200);
    expect((await filesUnder(t.config.mediaDir)).filter((f) => f.includes(id))).toEqual([]);
  });
});

describe('photos stored before display sizes existed', () => {
  it('get theirs from the background pass, once; a small one gets its size recorded instead', async () => {
    const big = await createMemory(t, me, { title: 'Old wide view', visibility: '2' }, await makePhoto({ width: 1600, height: 1200 }));
    const small = await createMemory(t, me, { title: 'Old small view' }, await makePhoto({ width: 700, height: 500 }));
    const bigKey = keyOf(big.images[0]!.url);
    // As such a row was: no display size beside the photo, and (older still) no recorded size.
    await t.app.ctx.media.delete(bigKey.replace('.jpg', '-display.jpg'));
    for (const pin of [big, small]) {
      const row = await t.db.kysely.selectFrom('pins').select('photos').where('id', '=', pin.id).executeTakeFirstOrThrow();
      const old = (JSON.parse(row.photos) as Array<Record<string, unknown>>).map(({ id, key }) => ({ id, key, width: null, height: null }));
      await t.db.kysely.updateTable('pins').set({ photos: JSON.stringify(old) }).where('id', '=', pin.id).execute();
    }

    const before = (await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=20', headers: friend.auth })).json() as Pin[];
    expect(before.find((p) => p.id === big.id)!.images[0]!.displayUrl).toBeNull();

    expect(await backfillDisplayCopies(t.app.ctx, t.app.log)).toBe(1);
    const stored = async (id: string) => {
      const row = await t.db.kysely.selectFrom('pins').select('photos').where('id', '=', id).executeTakeFirstOrThrow();
      return JSON.parse(row.photos) as Array<Record<string, unknown>>;
    };
    expect(await stored(big.id)).toEqual([expect.objectContaining({ width: 1600, height: 1200, display: true })]);
    expect(await stored(small.id)).toEqual([{ id: expect.any(String), key: expect.any(String), width: 700, height: 500 }]);
    // The friend's feed, read before, shows the change (the write raised the read cache's counters).
    const feed = (await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=20', headers: friend.auth })).json() as Pin[];
    const fresh = feed.find((p) => p.id === big.id)!;
    expect(await fetchImage(fresh.images[0]!.displayUrl!, friend)).toMatchObject({ width: 1080, height: 810, format: 'jpeg' });
    // Nothing is left to do: a second pass reads no photo.
    expect(await backfillDisplayCopies(t.app.ctx, t.app.log)).toBe(0);
  });
});

describe('the walk over memories with photos', () => {
  it('reads only memories that have photos, through their own index, not the whole table', async () => {
    // Without migration 0090 a page read the table from its cursor until it met 200 memories
    // with photos: the whole table where few have any (0.36 s at 1M memories, on the event loop).
    await createMemory(t, me, { title: 'No photo here' });
    const query = displayBackfillRepository.withPhotosAfter(t.db.kysely, '', 200).compile();
    const explain = TEST_DIALECT === 'sqlite' ? 'explain query plan' : 'explain (costs off)';
    if (TEST_DIALECT === 'postgres') await sql`set enable_seqscan = off`.execute(t.db.kysely);
    try {
      const plan = await t.db.kysely.executeQuery<Record<string, string>>({ ...query, sql: `${explain} ${query.sql}` });
      expect(plan.rows.map((r) => Object.values(r).join(' ')).join('\n')).toContain('pins_with_photos_idx');
    } finally {
      if (TEST_DIALECT === 'postgres') await sql`reset enable_seqscan`.execute(t.db.kysely);
    }
    const rows = await displayBackfillRepository.withPhotosAfter(t.db.kysely, '', 200).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.photos !== '[]')).toBe(true);
  });
});
