import type { Pin } from '@memory-map/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { filesUnder } from '../../../test/fixtures/db-search.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, keyOf } from '../../../test/fixtures/memories.ts';

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
