import type { Pin } from '@memory-map/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, memoryForm } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { TestBucket } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import type { MediaStore } from './media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

/**
 * The S3 media store against a real S3-compatible server (s3rver on loopback, a temporary
 * folder): what the app puts in the bucket, hands out, replaces and deletes is what the bucket
 * holds — not just the shape of a presigned URL.
 */

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await TestBucket.start();
});
afterAll(() => bucket.close());

const KEY = 'pins/01890000-0000-7000-8000-0000000000aa.webp';

function store(): MediaStore {
  return createS3MediaStore(loadConfig({ DATA_DIR: '/tmp/mm-s3-store-test', ...bucket.env }).s3!);
}

describe('S3 media store', () => {
  it('puts, gets, presigns and deletes real objects', async () => {
    const s3 = store();
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3060c0' } }).webp().toBuffer();
    await s3.put(KEY, bytes, 'image/webp');
    expect(await bucket.keys()).toContain(KEY);

    const got = await s3.get(KEY);
    expect(got?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    // The presigned URL serves the bytes to anyone holding it…
    const url = await s3.presignedUrl!(KEY, new Date(), 600);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // …until it expires. (s3rver checks a presigned URL's expiry and key id but computes no V4
    // signature, so a forged signature is not something this bucket can show.)
    const expired = await s3.presignedUrl!(KEY, new Date(Date.now() - 3_600_000), 60);
    expect((await fetch(expired)).status).toBe(403);
    const stranger = new URL(url);
    stranger.searchParams.set('X-Amz-Credential', stranger.searchParams.get('X-Amz-Credential')!.replace(/^S3RVER/, 'NOBODY'));
    expect((await fetch(stranger)).status).toBe(403);

    await s3.delete(KEY);
    expect(await bucket.keys()).not.toContain(KEY);
    expect(await s3.get(KEY)).toBeNull();
  });

  it('refuses keys that are not ours, touching nothing', async () => {
    const s3 = store();
    const before = await bucket.keys();
    await expect(s3.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Refusing media key');
    expect(await s3.get('pins/../../secret')).toBeNull();
    await s3.delete('avatars/not-a-key.exe');
    expect(await bucket.keys()).toEqual(before);
  });
});

describe('the app on a bucket', () => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    t = await createTestApp(bucket.env);
    ann = await t.register();
    ben = await t.register();
    await t.befriend(ann, ben);
  });
  afterAll(() => t.close());

  const pinKeys = async () => (await bucket.keys()).filter((k) => k.startsWith('pins/'));
  const keyOfUrl = (url: string) => new URL(url).pathname.replace(`/${bucket.bucket}/`, '');

  async function fetchImage(url: string) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  }

  async function feedPin(viewer: TestUser, id: string): Promise<Pin> {
    const feed = await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=50', headers: viewer.auth });
    const pin = feed.json<Pin[]>().find((p) => p.id === id);
    if (!pin) throw new Error(`pin ${id} not in the feed`);
    return pin;
  }

  it('a memory’s photo and thumbnail go to the bucket; a friend gets a presigned URL of the bytes', async () => {
    const pin = await createMemory(t, ann, { visibility: '2' }, await makePhoto({ width: 640, height: 480 }));
    expect(pin.imageUrl).toMatch(new RegExp(`^${bucket.endpoint}/${bucket.bucket}/pins/`));
    const key = keyOfUrl(pin.imageUrl!);
    expect(await pinKeys()).toEqual(expect.arrayContaining([key, key.replace(/\.(\w+)$/, '-thumb.$1')]));
    const seenByBen = await feedPin(ben, pin.id);
    const meta = await fetchImage(seenByBen.imageUrl!);
    expect([meta.width, meta.height]).toEqual([640, 480]);
    // Re-encoded: the camera's GPS position did not reach the bucket.
    expect(meta.exif).toBeUndefined();
  });

  it('replacing the photo deletes the old objects; removing it deletes them too', async () => {
    const pin = await createMemory(t, ann, { visibility: '1' }, await makePhoto({ width: 300, height: 200 }));
    const oldKey = keyOfUrl(pin.imageUrl!);
    const replaced = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: ann.auth,
      payload: memoryForm({ pinId: pin.id, title: 'New photo', description: 'Better light', visibility: '1' }, await makePhoto({ width: 200, height: 300 })),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newKey = keyOfUrl(replaced.json<Pin>().imageUrl!);
    const keys = await pinKeys();
    expect(keys).not.toContain(oldKey);
    expect(keys).not.toContain(oldKey.replace(/\.(\w+)$/, '-thumb.$1'));
    expect(keys).toContain(newKey);
    expect([(await fetchImage(replaced.json<Pin>().imageUrl!)).width]).toEqual([200]);

    const removed = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: ann.auth,
      payload: memoryForm({ pinId: pin.id, title: 'No photo', description: 'Better without', visibility: '1', removeImage: 'true' }),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Pin>().imageUrl).toBeNull();
    expect((await pinKeys()).filter((k) => k.startsWith(newKey.replace(/\.\w+$/, '')))).toEqual([]);
  });

  it('deleting a memory deletes its objects', async () => {
    const pin = await createMemory(t, ann, {}, await makePhoto());
    const key = keyOfUrl(pin.imageUrl!);
    expect(await pinKeys()).toContain(key);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: ann.auth, payload: { pinId: pin.id } });
    expect(del.statusCode).toBe(200);
    expect((await pinKeys()).filter((k) => k.startsWith(key.replace(/\.\w+$/, '')))).toEqual([]);
  });

  it('a profile picture lives in the bucket and is served through /media; a new one replaces it there', async () => {
    const upload = async () => {
      const form = new FormData();
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#20a060' } }).png().toBuffer();
      form.append('profilePicture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await t.app.inject({ method: 'POST', url: '/api/profile/upload-profile-picture', headers: ann.auth, payload: form });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ profilePicture: string }>().profilePicture;
    };
    const first = await upload();
    const firstKey = /\/media\/(avatars\/[^?]+)/.exec(first)![1]!;
    expect(await bucket.keys()).toContain(firstKey);
    const served = await t.app.inject({ method: 'GET', url: first.replace(/^https?:\/\/[^/]+/, '') });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);

    const second = await upload();
    const secondKey = /\/media\/(avatars\/[^?]+)/.exec(second)![1]!;
    const keys = await bucket.keys();
    expect(keys).toContain(secondKey);
    expect(keys).not.toContain(firstKey);
  });
});

describe('an upload that fails', () => {
  it('leaves nothing in the bucket and no memory behind', async () => {
    // The real bucket, except that it refuses thumbnails: the photo itself is stored first, then
    // the upload fails half-way, as when the bucket goes away between two objects.
    const real = store();
    const stored: string[] = [];
    const failing: MediaStore = {
      ...real,
      async put(key, body, type) {
        if (key.includes('-thumb')) throw new Error('bucket unreachable');
        await real.put(key, body, type);
        stored.push(key);
      },
    };
    const t = await createTestApp(bucket.env, { media: failing });
    try {
      const ann = await t.register();
      const before = await bucket.keys();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create',
        headers: ann.auth,
        payload: memoryForm({ title: 'Lost', description: 'Never saved', latitude: '1', longitude: '2', visibility: '1' }, await makePhoto()),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      // The photo did reach the bucket before the failure, and was removed again.
      expect(stored).toHaveLength(1);
      expect(await bucket.keys()).toEqual(before);
      const feed = await t.app.inject({ method: 'GET', url: '/api/query_feed', headers: ann.auth });
      expect(feed.json()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
