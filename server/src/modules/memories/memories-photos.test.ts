import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pin } from '@memory-map/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { defaultMemory, keyOf, storedPinFiles } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

/** Several photos per memory (docs/design.md §12), on both databases. */
let t: TestApp;
let photos: Buffer[];
beforeAll(async () => {
  t = await createTestApp();
  // Different sizes, so each photo is told apart by its width.
  photos = await Promise.all([300, 320, 340, 360].map((width) => makePhoto({ width, height: 200 })));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

function form(fields: Record<string, string>, files: Buffer[]): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) f.append(name, value);
  for (const [i, file] of files.entries()) f.append('image', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), `p${i}.jpg`);
  return f;
}

async function create(u: TestUser, files: Buffer[], fields: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/create', headers: u.auth, payload: form({ ...defaultMemory, ...fields }, files) });
}

async function update(u: TestUser, pin: Pin, fields: Record<string, string>, files: Buffer[] = []) {
  const base = { pinId: pin.id, title: pin.title, description: pin.description, visibility: pin.visibility };
  return t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: u.auth, payload: form({ ...base, ...fields }, files) });
}

const widths = (pin: Pin) => pin.images.map((i) => i.width);
const fileOf = (url: string) => path.join(t.config.mediaDir, keyOf(url));
async function exists(url: string): Promise<boolean> {
  return readFile(fileOf(url)).then(
    () => true,
    () => false,
  );
}
async function seen(u: TestUser, id: string): Promise<Pin> {
  const feed = (await t.app.inject({ url: '/api/query_feed', headers: u.auth })).json() as Pin[];
  return feed.find((p) => p.id === id)!;
}

describe('several photos per memory', () => {
  it('takes several photos at once, each processed like one, in the order sent; imageUrl is the first', async () => {
    const u = await t.register();
    const res = await create(u, photos.slice(0, 3));
    expect(res.statusCode).toBe(201);
    const pin = res.json() as Pin;
    expect(widths(pin)).toEqual([300, 320, 340]);
    expect(pin.images.map((i) => i.height)).toEqual([200, 200, 200]);
    expect(new Set(pin.images.map((i) => i.id)).size).toBe(3);
    expect(pin.imageUrl).toBe(pin.images[0]!.url);
    expect(pin.thumbnailUrl).toBe(pin.images[0]!.thumbnailUrl);
    for (const image of pin.images) {
      expect(image.url).toMatch(/^\/media\/pins\/[0-9a-f-]{36}\.jpg\?exp=\d+&sig=/);
      expect(await exists(image.url)).toBe(true);
      expect(await exists(image.thumbnailUrl)).toBe(true);
      // Re-encoded: the camera's GPS position is gone.
      expect((await readFile(fileOf(image.url))).includes(Buffer.from('GPS'))).toBe(false);
    }
    expect(widths(await seen(u, pin.id))).toEqual([300, 320, 340]);
  });

  it('reorders, removes and adds in one update: keepImages in order, new files after; dropped files are deleted', async () => {
    const u = await t.register();
    const pin = (await create(u, photos.slice(0, 3))).json() as Pin;
    const [a, b, c] = pin.images;
    const res = await update(u, pin, { keepImages: JSON.stringify([c!.id, a!.id]) }, [photos[3]!]);
    expect(res.statusCode).toBe(200);
    const after = res.json() as Pin;
    expect(widths(after)).toEqual([340, 300, 360]);
    expect(after.images.slice(0, 2).map((i) => i.id)).toEqual([c!.id, a!.id]);
    expect(after.imageUrl).toBe(after.images[0]!.url);
    expect(await exists(b!.url)).toBe(false);
    expect(await exists(b!.thumbnailUrl)).toBe(false);
    for (const image of after.images) expect(await exists(image.url)).toBe(true);
    expect(widths(await seen(u, pin.id))).toEqual([340, 300, 360]);

    // A new file may take any place: "new:0" is the first file sent.
    const placed = await update(u, after, { keepImages: JSON.stringify([after.images[0]!.id, 'new:0', after.images[2]!.id]) }, [photos[1]!]);
    expect(placed.statusCode).toBe(200);
    expect(widths(placed.json() as Pin)).toEqual([340, 320, 360]);
    const noSuchFile = await update(u, placed.json() as Pin, { keepImages: JSON.stringify(['new:1']) }, [photos[1]!]);
    expect(noSuchFile.statusCode).toBe(400);
    expect(noSuchFile.json()).toEqual({ error: 'keepImages names a photo this memory does not have' });

    // Adding later: keep them all, append one.
    const now = placed.json() as Pin;
    const more = await update(u, now, { keepImages: JSON.stringify(now.images.map((i) => i.id)) }, [photos[0]!]);
    expect(widths(more.json() as Pin)).toEqual([340, 320, 360, 300]);
    // An empty list removes every photo.
    const none = await update(u, now, { keepImages: '[]' });
    expect(none.statusCode).toBe(200);
    expect((none.json() as Pin).images).toEqual([]);
    expect((none.json() as Pin).imageUrl).toBeNull();
  });

  it('refuses keepImages naming a photo of another memory, or a list that is not one, with 400 and changes nothing', async () => {
    const u = await t.register();
    const mine = (await create(u, photos.slice(0, 2))).json() as Pin;
    const other = (await create(u, photos.slice(2, 3))).json() as Pin;
    const files = storedPinFiles(t);
    const cases: Array<[string, string]> = [
      [JSON.stringify([mine.images[0]!.id, other.images[0]!.id]), 'keepImages names a photo this memory does not have'],
      [JSON.stringify([mine.images[0]!.id, mine.images[0]!.id]), 'keepImages names the same photo twice'],
      ['{"a":1}', 'keepImages must be a JSON list of photo ids'],
      ['not json', 'keepImages must be a JSON list of photo ids'],
    ];
    for (const [keep, message] of cases) {
      const res = await update(u, mine, { keepImages: keep, title: 'Changed' }, [photos[3]!]);
      expect(res.statusCode, keep).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    const still = await seen(u, mine.id);
    expect(still.title).toBe(mine.title);
    expect(still.images.map((i) => i.id)).toEqual(mine.images.map((i) => i.id));
    expect(storedPinFiles(t)).toEqual(files);
  });

  it('refuses an eleventh photo (kept plus new) with 400 naming the field, and changes nothing', async () => {
    const u = await t.register();
    const pin = (await create(u, Array.from({ length: 9 }, (_, i) => photos[i % 4]!))).json() as Pin;
    expect(pin.images).toHaveLength(9);
    const files = storedPinFiles(t);
    const res = await update(u, pin, { keepImages: JSON.stringify(pin.images.map((i) => i.id)), title: 'Changed' }, photos.slice(0, 2));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'image: a memory can have at most 10 photos' });
    expect((await seen(u, pin.id)).title).toBe(pin.title);
    expect(storedPinFiles(t)).toEqual(files);
    // Ten is fine.
    const ten = await update(u, pin, { keepImages: JSON.stringify(pin.images.map((i) => i.id)) }, photos.slice(0, 1));
    expect((ten.json() as Pin).images).toHaveLength(10);
  });

  it('keeps the original client working: a new image replaces the first photo, removeImage drops it, the rest stay', async () => {
    const u = await t.register();
    const pin = (await create(u, photos.slice(0, 3))).json() as Pin;
    const [a, b, c] = pin.images;
    const replaced = (await update(u, pin, {}, [photos[3]!])).json() as Pin;
    expect(widths(replaced)).toEqual([360, 320, 340]);
    expect(replaced.images.slice(1).map((i) => i.id)).toEqual([b!.id, c!.id]);
    expect(await exists(a!.url)).toBe(false);
    const removed = (await update(u, replaced, { removeImage: 'true' })).json() as Pin;
    expect(removed.images.map((i) => i.id)).toEqual([b!.id, c!.id]);
    expect(removed.imageUrl).toBe(removed.images[0]!.url);
    // Neither: every photo stays.
    const kept = (await update(u, removed, { title: 'Renamed' })).json() as Pin;
    expect(kept.images.map((i) => i.id)).toEqual([b!.id, c!.id]);
  });

  it('leaves the memory as it was when any photo fails: one that is not an image, or a store that fails on the second', async () => {
    const u = await t.register();
    const pin = (await create(u, photos.slice(0, 1))).json() as Pin;
    const files = storedPinFiles(t);

    const notImage = await create(u, [photos[0]!, Buffer.from('not a photo at all'), photos[1]!]);
    expect(notImage.statusCode).toBe(415);
    expect(storedPinFiles(t)).toEqual(files);

    const put = t.app.ctx.media.put.bind(t.app.ctx.media);
    let puts = 0;
    vi.spyOn(t.app.ctx.media, 'put').mockImplementation(async (key, body, type) => {
      puts += 1;
      // The second photo's image file (puts: image, thumbnail, image…).
      if (puts === 3) throw new Error('disk full');
      return put(key, body, type);
    });
    const failed = await update(u, pin, { keepImages: JSON.stringify([pin.images[0]!.id]), title: 'Changed' }, photos.slice(1, 3));
    expect(failed.statusCode).toBe(500);
    vi.restoreAllMocks();
    const still = await seen(u, pin.id);
    expect(still.title).toBe(pin.title);
    expect(still.images.map((i) => i.id)).toEqual(pin.images.map((i) => i.id));
    // The first new photo was written, then undone with the rest: no orphan file.
    expect(storedPinFiles(t)).toEqual(files);
    const mine = (await t.app.inject({ url: '/api/query_feed', headers: u.auth })).json() as Pin[];
    expect(mine).toHaveLength(1);
  });

  it('deletes every photo of a deleted memory', async () => {
    const u = await t.register();
    const pin = (await create(u, photos.slice(0, 3))).json() as Pin;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: u.auth, payload: { pinId: pin.id } });
    expect(res.statusCode).toBe(200);
    for (const image of pin.images) {
      expect(await exists(image.url)).toBe(false);
      expect(await exists(image.thumbnailUrl)).toBe(false);
    }
  });

  it('exports every photo of a memory, in order, the first under the name it always had', async () => {
    const u = await t.register();
    const pin = (await create(u, photos.slice(0, 3))).json() as Pin;
    const res = await t.app.inject({ url: '/api/export', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const zip = res.rawPayload.toString('latin1');
    for (const name of [`photos/${pin.id}.jpg`, `photos/${pin.id}-2.jpg`, `photos/${pin.id}-3.jpg`]) expect(zip).toContain(name);
  });
});
