import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Pin } from '@memory-map/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasGpsIfd, makePhoto, makePixelBomb } from '../../../test/fixtures/images.ts';
import { createMemory, defaultMemory, keyOf, memoryForm, storedPinFiles } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { rebuildPinCells } from '../map-cells/pin-cells.ts';
import { memoriesRepository } from './memories.repository.ts';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await makePhoto();
});
afterAll(() => t.close());

const create = (user: TestUser | null, fields: Record<string, string>, image?: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create',
    headers: user?.auth ?? {},
    payload: memoryForm(fields, image),
  });

const updatePin = (user: TestUser, fields: Record<string, string>, image?: Buffer) =>
  t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: user.auth, payload: memoryForm(fields, image) });

const pinCount = async () => {
  const row = await t.db.kysely.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
};

const fileExists = (key: string) => existsSync(path.join(t.config.mediaDir, key));

const thumbOf = (key: string) => key.replace('.jpg', '-thumb.jpg');

const PIN_KEYS = [
  'author',
  'authorName',
  'authorPicture',
  // Its conversation (docs/design.md §14), added to the original client's pin.
  'commentCount',
  'createdAt',
  'description',
  'happenedAt',
  'id',
  'imageUrl',
  'images',
  'isOwnPin',
  'latitude',
  'locationName',
  'longitude',
  'pinType',
  'reactions',
  'taggedFriends',
  'tags',
  'thumbnailUrl',
  'title',
  'updatedAt',
  'userId',
  'visibility',
];

describe('POST /api/create', () => {
  it('creates a memory from multipart with a photo and tagged friends, and returns the pin object', async () => {
    const author = await t.register();
    const friend = await t.register();
    await t.befriend(author, friend);
    const res = await create(author, { ...defaultMemory, visibility: '2', tags: JSON.stringify([friend.id]) }, photo);
    expect(res.statusCode).toBe(201);
    const pin = res.json() as Pin;
    expect(Object.keys(pin).sort()).toEqual(PIN_KEYS);
    expect(pin).toMatchObject({
      title: defaultMemory.title,
      description: defaultMemory.description,
      latitude: 51.5072,
      longitude: -0.1276,
      locationName: 'London, United Kingdom',
      visibility: '2',
      author: author.id,
      userId: author.id,
      authorName: author.username,
      authorPicture: '/media/default-avatar.svg',
      tags: [friend.id],
      taggedFriends: [{ _id: friend.id, username: friend.username, profilePicture: '/media/default-avatar.svg' }],
      pinType: 'own',
      isOwnPin: true,
    });
    expect(pin.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(pin.imageUrl).toMatch(/^\/media\/pins\/[0-9a-f-]{36}\.jpg\?exp=\d+&sig=[\w-]+$/);
    expect(pin.thumbnailUrl).toMatch(/^\/media\/pins\/[0-9a-f-]{36}-thumb\.jpg\?exp=\d+&sig=[\w-]+$/);
    expect(new Date(pin.createdAt).toISOString()).toBe(pin.createdAt);
    expect(pin.updatedAt).toBe(pin.createdAt);
    expect(fileExists(keyOf(pin.imageUrl))).toBe(true);
    expect(fileExists(keyOf(pin.thumbnailUrl))).toBe(true);
  });

  it('accepts a JSON body without a photo, with tags as a list, and defaults a blank place name', async () => {
    const author = await t.register();
    const friend = await t.register();
    await t.befriend(author, friend);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: author.auth,
      payload: { title: '  Sunrise  ', description: 'Early', latitude: 10.5, longitude: -20, visibility: '3', locationName: ' ', tags: [friend.id] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Sunrise',
      latitude: 10.5,
      longitude: -20,
      visibility: '3',
      locationName: 'Unknown location',
      imageUrl: null,
      thumbnailUrl: null,
      tags: [friend.id],
    });
  });

  it('defaults the visibility to private and keeps no tags when none are sent', async () => {
    const author = await t.register();
    const { visibility: _v, ...fields } = defaultMemory;
    const res = await create(author, fields);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ visibility: '1', tags: [], taggedFriends: [], imageUrl: null });
  });

  it('refuses a request without a token with 401 and stores nothing', async () => {
    const before = await pinCount();
    const res = await create(null, defaultMemory, photo);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue' });
    expect(await pinCount()).toBe(before);
  });

  it.each([
    [{ title: undefined }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: '\u200b \u2060' }, 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    [{ description: undefined }, 'Description is required'],
    [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    [{ latitude: undefined }, 'Latitude must be a number'],
    [{ latitude: '' }, 'Latitude must be a number'],
    [{ latitude: 'north' }, 'Latitude must be a number'],
    [{ latitude: '0x10' }, 'Latitude must be a number'],
    [{ longitude: '0b11' }, 'Longitude must be a number'],
    [{ longitude: '12,5' }, 'Longitude must be a number'],
    [{ latitude: '90.5' }, 'Latitude must be between -90 and 90'],
    [{ longitude: '-180.01' }, 'Longitude must be between -180 and 180'],
    [{ visibility: '4' }, "Visibility must be '1' (only you), '2' (friends) or '3' (everyone)"],
    [{ tags: 'not json' }, 'Tags must be a JSON list of user ids'],
    [{ tags: '{"a":1}' }, 'Tags must be a JSON list of user ids'],
    [{ tags: '[1, 2]' }, 'Tags must be a JSON list of user ids'],
    [{ locationName: 'x'.repeat(201) }, 'Location name must be at most 200 characters'],
  ])('refuses %j with 400 naming the field, and stores nothing', async (change, message) => {
    const author = await t.register();
    const fields: Record<string, string> = { ...defaultMemory };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete fields[k];
      else fields[k] = v;
    }
    const before = await pinCount();
    const files = storedPinFiles(t);
    const res = await create(author, fields, photo);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await pinCount()).toBe(before);
    expect(storedPinFiles(t)).toEqual(files);
  });

  it('refuses tags of anyone but current friends (a stranger, oneself, an unknown id) with 400', async () => {
    const author = await t.register();
    const friend = await t.register();
    const stranger = await t.register();
    await t.befriend(author, friend);
    for (const tags of [[stranger.id], [friend.id, stranger.id], [author.id], ['01890000-0000-7000-8000-000000000000'], ['nope']]) {
      const res = await create(author, { ...defaultMemory, tags: JSON.stringify(tags) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'You can only tag your friends' });
    }
    const ok = await create(author, { ...defaultMemory, tags: JSON.stringify([friend.id, friend.id]) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().tags).toEqual([friend.id]);
  });

  it('refuses more than 50 tags', async () => {
    const author = await t.register();
    const tags = Array.from({ length: 51 }, (_, i) => `01890000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const res = await create(author, { ...defaultMemory, tags: JSON.stringify(tags) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'At most 50 friends can be tagged' });
  });

  it('refuses a file over 15 MB with 413 and leaves no row and no file', async () => {
    const author = await t.register();
    const before = await pinCount();
    const files = storedPinFiles(t);
    const res = await create(author, defaultMemory, Buffer.alloc(15 * 1024 * 1024 + 1, 0xff));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large (at most 15 MB)' });
    expect(await pinCount()).toBe(before);
    expect(storedPinFiles(t)).toEqual(files);
  });

  it('judges the type by decoding: a text file named .jpg is 415, a truncated photo is 415, a pixel bomb is 413', async () => {
    const author = await t.register();
    const before = await pinCount();
    const files = storedPinFiles(t);
    const text = await create(author, defaultMemory, Buffer.from('just some text, honestly'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatch(/not an image/);
    const truncated = await create(author, defaultMemory, photo.subarray(0, Math.floor(photo.length / 2)));
    expect(truncated.statusCode).toBe(415);
    const bomb = await create(author, defaultMemory, await makePixelBomb());
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual({ error: 'The image has too many pixels (at most 100 megapixels)' });
    expect(await pinCount()).toBe(before);
    expect(storedPinFiles(t)).toEqual(files);
  });

  it.each([
    ['multipart/form-data; boundary=xyz', 'garbage'],
    ['multipart/form-data', '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc\r\n--xyz--'],
    ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc'],
  ])('answers a malformed multipart body (%s) with 400, not 500', async (contentType, payload) => {
    const author = await t.register();
    const res = await t.app.inject({ method: 'POST', url: '/api/create', headers: { ...author.auth, 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The form data is malformed: send it as multipart/form-data with a boundary' });
  });

  it('ignores unknown fields and a file sent under another name', async () => {
    const author = await t.register();
    const form = memoryForm({ ...defaultMemory, favouriteColour: 'green' }, photo);
    form.append('extra', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'second.jpg');
    const ok = await t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: form });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).not.toHaveProperty('favouriteColour');
    expect((ok.json() as Pin).images).toHaveLength(1);
  });

  it('refuses a JSON body of the wrong shape with 400', async () => {
    const author = await t.register();
    const res = await t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: [defaultMemory] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Title is required' });
    const typed = await t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: { ...defaultMemory, title: 42 } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ error: 'Title must be text' });
    const place = await t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: { ...defaultMemory, locationName: 5 } });
    expect(place.statusCode).toBe(400);
    expect(place.json()).toEqual({ error: 'Location name must be text' });
  });

  it('leaves no file behind when the database insert fails', async () => {
    const author = await t.register();
    const before = await pinCount();
    const files = storedPinFiles(t);
    vi.spyOn(memoriesRepository, 'insertPin').mockRejectedValueOnce(new Error('disk full'));
    const res = await create(author, defaultMemory, photo);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(await pinCount()).toBe(before);
    expect(storedPinFiles(t)).toEqual(files);
  });

  it('leaves no row and no tag behind when a tag insert fails inside the transaction', async () => {
    const author = await t.register();
    const friend = await t.register();
    await t.befriend(author, friend);
    const before = await pinCount();
    const files = storedPinFiles(t);
    vi.spyOn(memoriesRepository, 'insertTags').mockRejectedValueOnce(new Error('connection lost'));
    const res = await create(author, { ...defaultMemory, tags: JSON.stringify([friend.id]) }, photo);
    expect(res.statusCode).toBe(500);
    expect(await pinCount()).toBe(before);
    expect(storedPinFiles(t)).toEqual(files);
  });

  it('removes the first file when storing the thumbnail fails', async () => {
    const author = await t.register();
    const files = storedPinFiles(t);
    const realPut = t.app.ctx.media.put.bind(t.app.ctx.media);
    vi.spyOn(t.app.ctx.media, 'put').mockImplementation(async (key, body, type) => {
      if (key.endsWith('-thumb.jpg')) throw new Error('bucket unavailable');
      return realPut(key, body, type);
    });
    const res = await create(author, defaultMemory, photo);
    expect(res.statusCode).toBe(500);
    expect(storedPinFiles(t)).toEqual(files);
  });
});

describe('photos', () => {
  it('stores no GPS or other metadata: the served bytes carry none although the upload did', async () => {
    const author = await t.register();
    const source = await sharp(photo).metadata();
    expect(hasGpsIfd(source.exif)).toBe(true);
    const pin = await createMemory(t, author, {}, photo);
    for (const url of [pin.imageUrl, pin.thumbnailUrl]) {
      const res = await t.app.inject({ url: url! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const served = await sharp(res.rawPayload).metadata();
      expect(served.format).toBe('jpeg');
      expect(served.exif).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect(served.orientation).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('applies the orientation and caps the longest side at 2048 (thumbnail at 320)', async () => {
    const author = await t.register();
    // Stored 3000 × 1000 with "rotate 90°": it is shown 1000 wide and 3000 tall.
    const upright = await makePhoto({ width: 3000, height: 1000, orientation: 6 });
    const pin = await createMemory(t, author, {}, upright);
    const image = await t.app.inject({ url: pin.imageUrl! });
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([683, 2048]);
    // Left half red, right half blue, rotated clockwise: red on top, blue at the bottom.
    const { data } = await sharp(image.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 683 + x) * 3, (y * 683 + x) * 3 + 3)];
    expect(pixel(340, 100)[0]).toBeGreaterThan(150);
    expect(pixel(340, 100)[2]).toBeLessThan(100);
    expect(pixel(340, 1900)[2]).toBeGreaterThan(150);
    const thumb = await sharp((await t.app.inject({ url: pin.thumbnailUrl! })).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);
  });

  it('never enlarges a small photo, and reads PNG too', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, await makePhoto({ width: 120, height: 80, format: 'png', gps: false }));
    const meta = await sharp((await t.app.inject({ url: pin.imageUrl! })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
  });
});

describe('PUT /api/update_pin', () => {
  it('changes title, description, visibility and tags; absent tags mean none; an absent image keeps the old one', async () => {
    const author = await t.register();
    const friend = await t.register();
    const other = await t.register();
    await t.befriend(author, friend);
    await t.befriend(author, other);
    const pin = await createMemory(t, author, { tags: JSON.stringify([friend.id]) }, photo);
    const key = keyOf(pin.imageUrl);

    const res = await updatePin(author, {
      pinId: pin.id,
      title: 'New title',
      description: 'New words',
      visibility: '3',
      tags: JSON.stringify([other.id]),
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Pin;
    expect(updated).toMatchObject({
      id: pin.id,
      title: 'New title',
      description: 'New words',
      visibility: '3',
      tags: [other.id],
      latitude: pin.latitude,
      longitude: pin.longitude,
      locationName: pin.locationName,
      createdAt: pin.createdAt,
      pinType: 'own',
    });
    expect(keyOf(updated.imageUrl)).toBe(key);
    expect(updated.updatedAt >= pin.updatedAt).toBe(true);

    const untagged = await updatePin(author, { pinId: pin.id, title: 'New title', description: 'New words', visibility: '2' });
    expect(untagged.statusCode).toBe(200);
    expect(untagged.json()).toMatchObject({ tags: [], taggedFriends: [], visibility: '2' });
    expect(fileExists(key)).toBe(true);
  });

  it('replaces the photo and deletes the old files; removeImage=true drops it and deletes its files', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    const oldKey = keyOf(pin.imageUrl);
    expect(fileExists(oldKey) && fileExists(thumbOf(oldKey))).toBe(true);

    const replaced = await updatePin(author, { pinId: pin.id, title: 't', description: 'd', visibility: '1' }, await makePhoto({ width: 50, height: 50 }));
    expect(replaced.statusCode).toBe(200);
    const newKey = keyOf(replaced.json().imageUrl);
    expect(newKey).not.toBe(oldKey);
    expect(fileExists(newKey) && fileExists(thumbOf(newKey))).toBe(true);
    expect(fileExists(oldKey)).toBe(false);
    expect(fileExists(thumbOf(oldKey))).toBe(false);
    expect((await t.app.inject({ url: pin.imageUrl! })).statusCode).toBe(404);

    const removed = await updatePin(author, { pinId: pin.id, title: 't', description: 'd', visibility: '1', removeImage: 'true' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ imageUrl: null, thumbnailUrl: null });
    expect(fileExists(newKey)).toBe(false);
    expect(fileExists(thumbOf(newKey))).toBe(false);
  });

  it('takes a new photo over removeImage when both are sent', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    const res = await updatePin(author, { pinId: pin.id, title: 't', description: 'd', visibility: '1', removeImage: 'true' }, photo);
    expect(res.statusCode).toBe(200);
    const key = keyOf(res.json().imageUrl);
    expect(key).not.toBe(keyOf(pin.imageUrl));
    expect(fileExists(key)).toBe(true);
    expect(fileExists(keyOf(pin.imageUrl))).toBe(false);
  });

  it('accepts a JSON body', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: author.auth,
      payload: { pinId: pin.id, title: 'JSON', description: 'body', visibility: '2', removeImage: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'JSON', visibility: '2' });
  });

  it.each([
    [{ pinId: undefined }, 'pinId is required'],
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    [{ description: undefined }, 'Description is required'],
    [{ visibility: undefined }, "Visibility must be '1' (only you), '2' (friends) or '3' (everyone)"],
    [{ visibility: '0' }, "Visibility must be '1' (only you), '2' (friends) or '3' (everyone)"],
    [{ tags: '[' }, 'Tags must be a JSON list of user ids'],
    [{ removeImage: 'yes' }, 'removeImage must be true or false'],
  ])('refuses %j with 400 and changes nothing', async (change, message) => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    const fields: Record<string, string> = { pinId: pin.id, title: 'Changed', description: 'Changed', visibility: '3' };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete fields[k];
      else fields[k] = v;
    }
    const files = storedPinFiles(t);
    const res = await updatePin(author, fields, await makePhoto({ width: 60, height: 60 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    const feed = (await t.app.inject({ url: '/api/query_feed', headers: author.auth })).json() as Pin[];
    expect(feed.find((p) => p.id === pin.id)).toMatchObject({ title: pin.title, visibility: '1' });
    expect(storedPinFiles(t)).toEqual(files);
  });

  it('refuses tags of non-friends and keeps the saved pin and its tags', async () => {
    const author = await t.register();
    const friend = await t.register();
    const stranger = await t.register();
    await t.befriend(author, friend);
    const pin = await createMemory(t, author, { tags: JSON.stringify([friend.id]) });
    const res = await updatePin(author, { pinId: pin.id, title: 'x', description: 'y', visibility: '1', tags: JSON.stringify([stranger.id]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You can only tag your friends' });
    const feed = (await t.app.inject({ url: '/api/query_feed', headers: author.auth })).json() as Pin[];
    expect(feed.find((p) => p.id === pin.id)).toMatchObject({ title: pin.title, tags: [friend.id] });
  });

  it('keeps the old photo when the new file is not an image (415) or too large (413)', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    const files = storedPinFiles(t);
    const bad = await updatePin(author, { pinId: pin.id, title: 'x', description: 'y', visibility: '1' }, Buffer.from('%PDF-1.4 not a photo'));
    expect(bad.statusCode).toBe(415);
    const big = await updatePin(author, { pinId: pin.id, title: 'x', description: 'y', visibility: '1' }, Buffer.alloc(16 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(storedPinFiles(t)).toEqual(files);
    const still = await t.app.inject({ url: pin.imageUrl! });
    expect(still.statusCode).toBe(200);
  });

  it('keeps the old photo and removes the new files when the database update fails', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    const files = storedPinFiles(t);
    vi.spyOn(memoriesRepository, 'updatePin').mockRejectedValueOnce(new Error('deadlock'));
    const res = await updatePin(author, { pinId: pin.id, title: 'x', description: 'y', visibility: '1' }, photo);
    expect(res.statusCode).toBe(500);
    expect(storedPinFiles(t)).toEqual(files);
    const feed = (await t.app.inject({ url: '/api/query_feed', headers: author.auth })).json() as Pin[];
    expect(keyOf(feed.find((p) => p.id === pin.id)!.imageUrl)).toBe(keyOf(pin.imageUrl));
  });

  it('answers 404 for an unknown or malformed pinId', async () => {
    const author = await t.register();
    for (const pinId of ['01890000-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await updatePin(author, { pinId, title: 'x', description: 'y', visibility: '1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Memory not found' });
    }
  });

  it("refuses someone else's pin: 404 when they cannot see it, 403 when they can", async () => {
    const author = await t.register();
    const stranger = await t.register();
    const hidden = await createMemory(t, author, { visibility: '1' });
    const open = await createMemory(t, author, { visibility: '3' });
    const fields = { title: 'Hacked', description: 'y', visibility: '3' };
    const a = await updatePin(stranger, { ...fields, pinId: hidden.id });
    expect(a.statusCode).toBe(404);
    expect(a.json()).toEqual({ error: 'Memory not found' });
    const b = await updatePin(stranger, { ...fields, pinId: open.id });
    expect(b.statusCode).toBe(403);
    expect(b.json()).toEqual({ error: 'Only the author can change this memory' });
  });
});

describe('DELETE /api/delete', () => {
  it('deletes with pinId in the JSON body: the row, its tags and both image files', async () => {
    const author = await t.register();
    const friend = await t.register();
    await t.befriend(author, friend);
    const pin = await createMemory(t, author, { tags: JSON.stringify([friend.id]) }, photo);
    const key = keyOf(pin.imageUrl);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth, payload: { pinId: pin.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await t.db.kysely.selectFrom('pins').select('id').where('id', '=', pin.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('pin_tags').select('user_id').where('pin_id', '=', pin.id).execute()).toEqual([]);
    expect(fileExists(key)).toBe(false);
    expect(fileExists(thumbOf(key))).toBe(false);
    expect((await t.app.inject({ url: pin.imageUrl! })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth, payload: { pinId: pin.id } });
    expect(again.statusCode).toBe(404);
  });

  it('accepts ?pinId= in the query string', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/delete?pinId=${pin.id}`, headers: author.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('answers 400 without a pinId, 404 for an unknown one, 401 without a token', async () => {
    const author = await t.register();
    const none = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'pinId is required' });
    const bare = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth });
    expect(bare.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/delete?pinId=nope', headers: author.auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Memory not found' });
    const anon = await t.app.inject({ method: 'DELETE', url: '/api/delete?pinId=nope' });
    expect(anon.statusCode).toBe(401);
  });
});

describe("the map's public cells (migration 0004)", () => {
  const cells = async () => {
    const { rows } = await sql<{ level: number; cx: number; cy: number; count: number }>`
      select level, cx, cy, count from pin_cells where count <> 0 order by level, cx, cy`.execute(t.db.kysely);
    return rows.map((r) => `${r.level}:${r.cx}:${r.cy}=${Number(r.count)}`);
  };

  it('stay in step with every create, visibility change and delete, failed ones included', async () => {
    const author = await t.register();
    const update = (pin: Pin, visibility: string) =>
      updatePin(author, { pinId: pin.id, title: pin.title, description: pin.description, visibility });
    const before = (await cells()).length;
    const a = await createMemory(t, author, { visibility: '3', latitude: '35.68', longitude: '139.69' });
    const b = await createMemory(t, author, { visibility: '1', latitude: '-33.86', longitude: '151.2' });
    expect((await cells()).length).toBeGreaterThan(before);
    expect((await update(a, '2')).statusCode).toBe(200);
    expect((await update(b, '3')).statusCode).toBe(200);
    expect((await update(b, '3')).statusCode).toBe(200);
    vi.spyOn(memoriesRepository, 'deleteTags').mockRejectedValueOnce(new Error('lost'));
    expect((await update(b, '1')).statusCode).toBe(500);
    const c = await createMemory(t, author, { visibility: '3', latitude: '35.681', longitude: '139.691' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth, payload: { pinId: c.id } })).statusCode).toBe(200);
    expect((await update(a, '3')).statusCode).toBe(200);

    const live = await cells();
    await rebuildPinCells(t.db.kysely);
    expect(live).toEqual(await cells());
  });
});

/** Lists show every public memory, so list tests get a database of their own. */
function ownApp(): { t: TestApp } {
  const ref = {} as { t: TestApp };
  beforeAll(async () => {
    ref.t = await createTestApp();
  });
  afterAll(() => ref.t.close());
  return ref;
}

describe('GET /api/query_feed', () => {
  const own = ownApp();
  it('pages 45 memories 20 at a time through the Link header: each exactly once, newest first', async () => {
    const author = await own.t.register();
    const created: string[] = [];
    for (let i = 0; i < 45; i++) created.push((await createMemory(own.t, author, { title: `Memory ${i}` })).id);
    const seen: Pin[] = [];
    let url: string | undefined = '/api/query_feed?limit=20';
    let pages = 0;
    while (url) {
      const res = await own.t.app.inject({ url, headers: author.auth });
      expect(res.statusCode).toBe(200);
      const page = res.json() as Pin[];
      seen.push(...page);
      pages += 1;
      const link = res.headers.link as string | undefined;
      if (page.length === 20) expect(link).toMatch(/^<\/api\/query_feed\?limit=20&before=[0-9a-f-]{36}>; rel="next"$/);
      url = link ? /^<([^>]+)>/.exec(link)?.[1] : undefined;
    }
    expect(pages).toBe(3);
    expect(seen.map((p) => p.id)).toEqual([...created].reverse());
    expect(seen.map((p) => p.title).slice(0, 2)).toEqual(['Memory 44', 'Memory 43']);
    expect(seen.every((p) => p.isOwnPin && p.pinType === 'own')).toBe(true);
  });

  it('honours limit, and sends no Link header on a page that is not full', async () => {
    const author = await own.t.register();
    for (let i = 0; i < 3; i++) await createMemory(own.t, author);
    const two = await own.t.app.inject({ url: '/api/query_feed?limit=2', headers: author.auth });
    expect(two.json()).toHaveLength(2);
    expect(two.headers.link).toContain('limit=2&before=');
    const rest = await own.t.app.inject({ url: `/${/^<\/([^>]+)>/.exec(two.headers.link as string)![1]}`, headers: author.auth });
    expect(rest.json()).toHaveLength(1);
    expect(rest.headers.link).toBeUndefined();
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['limit=abc', 'limit must be a number'],
    ['limit=2.5', 'limit must be a whole number'],
    ['before=yesterday', 'before must be the id of the last memory of the previous page'],
  ])('refuses ?%s with 400', async (query, message) => {
    const user = await own.t.register();
    const res = await own.t.app.inject({ url: `/api/query_feed?${query}`, headers: user.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('reads a page with a fixed number of queries: one for pins and authors, one for all their tags', async () => {
    // The database's path, which the read cache falls back to (read-cache.test.ts covers the cache's).
    const t = await createTestApp({ READ_CACHE: 'off' });
    try {
      const author = await t.register();
      const friends = [await t.register(), await t.register()];
      for (const f of friends) await t.befriend(author, f);
      for (let i = 0; i < 12; i++) await createMemory(t, author, { tags: JSON.stringify(friends.map((f) => f.id)) }, i < 2 ? photo : undefined);
      const list = vi.spyOn(memoriesRepository, 'listVisible');
      const tags = vi.spyOn(memoriesRepository, 'tagsOf');
      const res = await t.app.inject({ url: '/api/query_feed?limit=10', headers: author.auth });
      expect(res.json()).toHaveLength(10);
      expect((res.json() as Pin[]).every((p) => p.tags.length === 2)).toBe(true);
      expect(list).toHaveBeenCalledTimes(1);
      expect(tags).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
      await t.close();
    }
  });

  it('with the read cache, reads the tags once per layer it builds and not at all when nothing changed', async () => {
    const author = await own.t.register();
    const friends = [await own.t.register(), await own.t.register()];
    for (const f of friends) await own.t.befriend(author, f);
    for (let i = 0; i < 12; i++) await createMemory(own.t, author, { tags: JSON.stringify(friends.map((f) => f.id)) }, i < 2 ? photo : undefined);
    const tags = vi.spyOn(memoriesRepository, 'tagsOf');
    try {
      const first = await own.t.app.inject({ url: '/api/query_feed?limit=10', headers: author.auth });
      expect(first.json()).toHaveLength(10);
      expect((first.json() as Pin[]).every((p) => p.tags.length === 2)).toBe(true);
      // At most the public layer (everyone's, when it has memories) and the author's own layer.
      const built = tags.mock.calls.length;
      expect(built).toBeGreaterThanOrEqual(1);
      expect(built).toBeLessThanOrEqual(2);
      const again = await own.t.app.inject({ url: '/api/query_feed?limit=10', headers: author.auth });
      expect(again.json()).toEqual(first.json());
      expect(tags).toHaveBeenCalledTimes(built);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('needs a token', async () => {
    const res = await own.t.app.inject({ url: '/api/query_feed' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/query_feed, merging the audiences', () => {
  const own = ownApp();
  it("interleaves friends' memories with own and public ones by time, on every page", async () => {
    const viewer = await own.t.register();
    const friend = await own.t.register();
    const stranger = await own.t.register();
    await own.t.befriend(viewer, friend);
    const make = async (who: TestUser, visibility: string, title: string) => (await createMemory(own.t, who, { visibility, title })).id;
    // Oldest first: a friend's memory older than a full page of public ones must still come,
    // on the page where its time puts it.
    const expected = [
      await make(friend, '2', 'friend, oldest'),
      await make(stranger, '3', 'public 1'),
      await make(stranger, '2', 'stranger, friends only'),
      await make(stranger, '3', 'public 2'),
      await make(friend, '1', 'friend, only me'),
      await make(stranger, '3', 'public 3'),
      await make(friend, '2', 'friend, newer'),
      await make(viewer, '1', 'own, only me'),
      // Own and public at once: listed once.
      await make(viewer, '3', 'own, public, newest'),
    ]
      .filter((_, i) => ![2, 4].includes(i))
      .reverse();
    const pages: string[][] = [];
    let url: string | undefined = '/api/query_feed?limit=2';
    while (url) {
      const res = await own.t.app.inject({ url, headers: viewer.auth });
      expect(res.statusCode).toBe(200);
      pages.push((res.json() as Pin[]).map((p) => p.id));
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>/.exec(link)?.[1] : undefined;
    }
    // Seven visible memories: three full pages and one of one, the last without a Link.
    expect(pages).toEqual([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4, 6), expected.slice(6)]);
  });
});

describe('GET /api/query_map_pins', () => {
  const own = ownApp();
  let viewer: TestUser;
  const at: Record<string, Pin> = {};
  beforeAll(async () => {
    viewer = await own.t.register();
    const places: Record<string, [number, number]> = {
      london: [51.5, -0.12],
      paris: [48.85, 2.35],
      newYork: [40.71, -74.0],
      fiji: [-17.7, 178.0],
      samoa: [-13.8, -172.1],
      tonga: [-21.2, -175.2],
      honolulu: [21.3, -157.8],
      tuvalu: [-8.52, 179.2],
      baker: [0.19, -176.48],
    };
    for (const [name, [lat, lon]] of Object.entries(places)) {
      at[name] = await createMemory(own.t, viewer, { title: name, latitude: String(lat), longitude: String(lon) });
    }
  });

  const titles = async (query: string) => {
    const res = await own.t.app.inject({ url: `/api/query_map_pins${query}`, headers: viewer.auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as Pin[]).map((p) => p.title).sort();
  };

  it('without bbox returns every visible pin, newest first', async () => {
    const res = await own.t.app.inject({ url: '/api/query_map_pins', headers: viewer.auth });
    expect((res.json() as Pin[]).map((p) => p.title)).toEqual(['baker', 'tuvalu', 'honolulu', 'tonga', 'samoa', 'fiji', 'newYork', 'paris', 'london']);
  });

  it('caps the answer at limit, keeping the newest', async () => {
    const res = await own.t.app.inject({ url: '/api/query_map_pins?limit=2', headers: viewer.auth });
    expect((res.json() as Pin[]).map((p) => p.title)).toEqual(['baker', 'tuvalu']);
  });

  it('returns only pins inside the bbox (edges included)', async () => {
    expect(await titles('?bbox=-10,40,10,60')).toEqual(['london', 'paris']);
    expect(await titles('?bbox=-0.12,51.5,-0.12,51.5')).toEqual(['london']);
    expect(await titles('?bbox=-80,30,-70,45')).toEqual(['newYork']);
    expect(await titles('?bbox=100,-5,120,5')).toEqual([]);
  });

  it('handles a bbox across the antimeridian (west > east) as two ranges', async () => {
    expect(await titles('?bbox=170,-10,-170,10')).toEqual(['baker', 'tuvalu']);
    expect(await titles('?bbox=170,-25,-170,10')).toEqual(['baker', 'fiji', 'samoa', 'tonga', 'tuvalu']);
    expect(await titles('?bbox=170,-30,-150,30')).toEqual(['baker', 'fiji', 'honolulu', 'samoa', 'tonga', 'tuvalu']);
    // The same box as a map panned past 180° reports it.
    expect(await titles('?bbox=170,-10,190,10')).toEqual(['baker', 'tuvalu']);
    expect(await titles('?bbox=-190,-10,-170,10')).toEqual(['baker', 'tuvalu']);
    // A box wider than the world is the whole world.
    expect(await titles('?bbox=-400,-90,400,90')).toHaveLength(9);
  });

  it.each([
    ['bbox=1,2,3', 'bbox must be four numbers: west,south,east,north'],
    ['bbox=a,b,c,d', 'bbox must be four numbers: west,south,east,north'],
    ['bbox=1,,3,4', 'bbox must be four numbers: west,south,east,north'],
    ['bbox=0,-91,10,10', 'bbox latitudes (south, north) must be between -90 and 90'],
    ['bbox=0,20,10,10', 'bbox south must not be greater than north'],
    ['limit=2001', 'limit must be at most 2000'],
    ['limit=0', 'limit must be at least 1'],
  ])('refuses ?%s with 400', async (query, message) => {
    const res = await own.t.app.inject({ url: `/api/query_map_pins?${query}`, headers: viewer.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('needs a token', async () => {
    const res = await own.t.app.inject({ url: '/api/query_map_pins' });
    expect(res.statusCode).toBe(401);
  });
});
